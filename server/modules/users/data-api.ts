import type { FastifyPluginAsync } from 'fastify';
import { analyticsRoutes } from '../analytics/analytics.routes.js';
import { auditRoutes } from '../audit/audit.routes.js';
import { catalogRoutes } from '../catalog/catalog.routes.js';
import { documentsPublicPaths, documentsRoutes } from '../documents/documents.routes.js';
import { usersRoutes } from './users.routes.js';

/** The data API areas (users, catalogue, documents, analytics, audit), registered as one entry of modules/index.ts. */
export const dataApiModules: FastifyPluginAsync[] = [usersRoutes, catalogRoutes, documentsRoutes, analyticsRoutes, auditRoutes];

/** Their public paths: the signed local document link. */
export const dataApiPublicPaths: string[] = [...documentsPublicPaths];
