import type { RouteSpec } from '../http/route';
import { authRoutes } from './auth';
import { commentRoutes } from './comments';
import { engagementRoutes } from './engagements';
import { findingRoutes } from './findings';
import { firmRoutes } from './firms';
import { healthRoutes } from './health';
import { templateRoutes } from './templates';
import { userRoutes } from './users';

/** Every route of the API except the OpenAPI document itself (see app.ts). */
export const allRoutes: RouteSpec[] = [
  ...healthRoutes,
  ...authRoutes,
  ...userRoutes,
  ...firmRoutes,
  ...engagementRoutes,
  ...findingRoutes,
  ...commentRoutes,
  ...templateRoutes,
];
