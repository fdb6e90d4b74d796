/** The create, update and instantiate bodies (packages/services/src/templates/fields.ts). */
export {
  instantiateTemplateSchema as instantiateBody,
  templateCreateSchema as templateCreateBody,
  templateUpdateSchema as templateUpdateBody,
} from '@auditsvc/services';

/** The template and comment objects (services' templates/presenter.ts and comments/service.ts). */
export { commentViewSchema as commentObject, templateViewSchema as templateObject } from '@auditsvc/services';
