import { ValidationError } from '@auditsvc/core';
import type { StagedFileInfo } from '../http/staged-upload';
import { CORPUS_MAX_FILE_BYTES } from '@auditsvc/services';
import { defineRoute } from '../http/route';
import { pathParams } from '../schemas/common';
import { fileDeleteResponse, fileParams, ingestResponse, uploadResponse } from '../schemas/corpus';

const engagementParams = pathParams('engagement_id');

export const corpusRoutes = [
  defineRoute({
    method: 'post',
    path: '/auditsvc/engagement/:engagement_id/corpus/upload',
    operationId: 'uploadCorpusFile',
    summary:
      'Upload one corpus file (form field "file", at most 50 MB, 500 files per engagement; ' +
      '.txt .md .pdf .docx .csv .xlsx .png .jpg .jpeg .tiff .eml .mbox, checked against the content).',
    tag: 'corpus',
    auth: 'mut',
    params: engagementParams,
    upload: { field: 'file', maxBytes: CORPUS_MAX_FILE_BYTES, description: 'The file.', staged: true },
    status: 201,
    response: uploadResponse,
    errors: [403, 404, 409, 413, 415, 422, 423],
    handler: async ({ caller, params, file, services }) => {
      if (!file) throw ValidationError.of(['body', 'file'], 'Field required', 'missing');
      const staged = file as typeof file & StagedFileInfo;
      return services.corpus.upload(caller, params.engagement_id, {
        key: staged.key,
        sha256: staged.sha256,
        head: staged.head,
        // busboy decodes the name as latin1 unless told otherwise; clients send UTF-8.
        originalName: Buffer.from(file.originalname, 'latin1').toString('utf8'),
        size: file.size,
      });
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/auditsvc/engagement/:engagement_id/corpus/file/:filename',
    operationId: 'deleteCorpusFile',
    summary: 'Remove a file from the corpus (before ingest).',
    tag: 'corpus',
    auth: 'mut',
    params: fileParams,
    response: fileDeleteResponse,
    errors: [403, 404, 409, 423],
    handler: async ({ caller, params, services }) =>
      services.corpus.deleteFile(caller, params.engagement_id, params.filename),
  }),
  defineRoute({
    method: 'post',
    path: '/auditsvc/engagement/:engagement_id/corpus/ingest',
    operationId: 'ingestCorpus',
    summary: 'Start ingesting the corpus in the background (202); follow it on corpus/stream.',
    tag: 'corpus',
    auth: 'mut',
    params: engagementParams,
    body: false,
    status: 202,
    response: ingestResponse,
    errors: [403, 404, 409, 422, 423],
    handler: async ({ caller, params, services }) =>
      services.corpus.startIngest(caller, params.engagement_id),
  }),
];
