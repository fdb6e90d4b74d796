// Internal comments on findings (spec 4.6); they never appear in deliverables.
import {
  Caller,
  ForbiddenError,
  NotFoundError,
  isPlatformAdmin,
  newId,
  timestampSchema,
} from '@auditsvc/core';
import type { CommentRecord, Repositories } from '@auditsvc/db';
import type { FromSchema } from 'json-schema-to-ts';
import type { EngagementService } from '../engagements/service';

export const commentViewSchema = {
  type: 'object',
  properties: {
    id: { type: 'string', pattern: '^c-' },
    finding_id: { type: 'string' },
    engagement_id: { type: 'string' },
    author_user_id: { type: ['string', 'null'] },
    body: { type: 'string' },
    created_at: timestampSchema,
  },
  required: ['id', 'finding_id', 'engagement_id', 'author_user_id', 'body', 'created_at'],
  additionalProperties: false,
} as const;

export type CommentView = FromSchema<typeof commentViewSchema>;

export function presentComment(comment: CommentRecord): CommentView {
  return {
    id: comment.id,
    finding_id: comment.findingId,
    engagement_id: comment.engagementId,
    author_user_id: comment.authorUserId,
    body: comment.body,
    created_at: comment.createdAt.toISOString(),
  };
}

export function createCommentService(deps: {
  repos: Pick<Repositories, 'comments' | 'findings'>;
  engagements: Pick<EngagementService, 'requireVisible'>;
}) {
  const { repos } = deps;

  async function requireFinding(caller: Caller, engagementId: string, findingId: string) {
    await deps.engagements.requireVisible(caller, engagementId);
    const finding = await repos.findings.findInEngagement(engagementId, findingId);
    if (!finding) throw new NotFoundError('Finding');
    return finding;
  }

  return {
    async create(
      caller: Caller,
      engagementId: string,
      findingId: string,
      body: string,
    ): Promise<CommentRecord> {
      await requireFinding(caller, engagementId, findingId);
      return repos.comments.create({
        id: newId('comment'),
        findingId,
        engagementId,
        authorUserId: caller.kind === 'session' ? caller.userId : null,
        body,
      });
    },

    async list(
      caller: Caller,
      engagementId: string,
      findingId: string,
      page: { limit: number; offset: number },
    ) {
      await requireFinding(caller, engagementId, findingId);
      return repos.comments.listForFinding(findingId, page);
    },

    /** The author or an administrator may delete a comment; anyone else gets 403. */
    async delete(caller: Caller, engagementId: string, commentId: string): Promise<void> {
      await deps.engagements.requireVisible(caller, engagementId);
      const comment = await repos.comments.findInEngagement(engagementId, commentId);
      if (!comment) throw new NotFoundError('Comment');
      const isAuthor = caller.kind === 'session' && caller.userId === comment.authorUserId;
      if (!isAuthor && !isPlatformAdmin(caller))
        throw new ForbiddenError('Only the author or an administrator may delete a comment.');
      await repos.comments.delete(comment.id);
    },
  };
}

export type CommentService = ReturnType<typeof createCommentService>;
