import type { FastifyPluginAsync } from 'fastify';
import { authPublicPaths, authRoutes } from './auth/auth.routes.js';
import { dataApiModules, dataApiPublicPaths } from './users/data-api.js';
import { telemetryRoutes } from './telemetry/telemetry.routes.js';
import { reportsModule } from './reports/index.js';

/** Every API area, registered in this order by buildApp. Add one line per area. */
export const modules: FastifyPluginAsync[] = [authRoutes, ...dataApiModules, telemetryRoutes, reportsModule];

/** /api paths (without trailing slash) that the authentication hook lets through unauthenticated. */
export const publicApiPaths = new Set<string>(['/api/openapi.json', ...authPublicPaths, ...dataApiPublicPaths]);
