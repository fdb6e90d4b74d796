import type { RouteSpec } from '../http/route';
import { authRoutes } from './auth';
import { firmRoutes } from './firms';
import { healthRoutes } from './health';
import { userRoutes } from './users';

/** Every route of the API except the OpenAPI document itself (see app.ts). */
export const allRoutes: RouteSpec[] = [...healthRoutes, ...authRoutes, ...userRoutes, ...firmRoutes];
