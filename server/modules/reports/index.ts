import type { FastifyPluginAsync } from 'fastify';
import { embedRoutes } from './embed.routes.js';
import { reportsRoutes } from './reports.routes.js';

/** Reports: the catalogue, signed frame URLs (Sigma or the built-in host) and the built-in host itself. */
export const reportsModule: FastifyPluginAsync = async (app) => {
  await app.register(reportsRoutes);
  await app.register(embedRoutes);
};
