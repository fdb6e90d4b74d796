import type { RouteSpec } from '../http/route';
import { auditLogRoutes } from './audit-log';
import { authRoutes } from './auth';
import { commentRoutes } from './comments';
import { corpusRoutes } from './corpus';
import { deliverableRoutes } from './deliverables';
import { engagementRoutes } from './engagements';
import { findingRoutes } from './findings';
import { firmRoutes } from './firms';
import { healthRoutes } from './health';
import { intakeRoutes } from './intake';
import { metricsRoutes } from './metrics';
import { portfolioRoutes } from './portfolio';
import { queryRoutes } from './query';
import { streamRoutes } from './streams';
import { runRoutes } from './runs';
import { templateRoutes } from './templates';
import { userRoutes } from './users';

/** Every route of the API except the OpenAPI document itself (see app.ts). */
export const allRoutes: RouteSpec[] = [
  ...healthRoutes,
  ...metricsRoutes,
  ...authRoutes,
  ...userRoutes,
  ...firmRoutes,
  ...engagementRoutes,
  ...auditLogRoutes,
  ...corpusRoutes,
  ...streamRoutes,
  ...runRoutes,
  ...queryRoutes,
  ...findingRoutes,
  ...portfolioRoutes,
  ...intakeRoutes,
  ...commentRoutes,
  ...templateRoutes,
  ...deliverableRoutes,
];
