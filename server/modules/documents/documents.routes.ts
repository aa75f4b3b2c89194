import { randomUUID } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  contentDisposition,
  contentTypeFor,
  isSafeInline,
  LOCAL_OBJECT_PATH,
  storageFromConfig,
  verifyLocalLink,
  type DocumentStorage,
  type LocalStorage,
} from '../../adapters/storage/storage.js';
import { audit } from '../../lib/audit.js';
import { badRequest, forbidden, HttpError, listForMessage as list, notFound } from '../../lib/http-error.js';
import { canSeeProperty } from '../../lib/scope.js';
import { deleteDocument, documentByKey, documentsJson, existingProperties, insertDocument, toDocument } from './documents.repository.js';
import {
  DeleteBody,
  documentMessages,
  DocumentsQuery,
  DocumentsReply,
  ErrorReply,
  isValidFileName,
  LinkQuery,
  LinkReply,
  MessageReply,
  ObjectQuery,
  PropertyId,
  tooLargeMessage,
  UploadReply,
} from './documents.schema.js';

const tags = ['documents'];

/** The public path of signed local links; listed in publicApiPaths. */
export const documentsPublicPaths = [LOCAL_OBJECT_PATH];

class TooLarge extends Error {}

/** Property documents: listing, links, upload and delete (spec section 7, /api/s3/*). */
export const documentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.ctx;
  const db = () => app.ctx.db;
  const given = app.ctx.services.storage as DocumentStorage | undefined;
  const storage = given ?? storageFromConfig(config);
  app.ctx.services.storage = storage;
  if (!given) app.addHook('onClose', () => storage.close());
  const maxBytes = config.documents.maxBytes;

  await app.register(fastifyMultipart, { preservePath: true, limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 20, fieldSize: 64 * 1024 } });

  app.get(
    '/api/s3/getdocumentsbyproperty',
    { schema: { tags, querystring: DocumentsQuery, response: { 200: DocumentsReply, 400: ErrorReply, 403: ErrorReply, 404: ErrorReply } } },
    async (request, reply) => {
      const scope = await request.scope();
      const ids = request.query.propertyId;
      const outside = ids.filter((id) => !canSeeProperty(scope, id));
      if (outside.length) throw forbidden(`You do not have access to property ${list(outside)}.`);
      if (scope.isAdmin) {
        const known = await existingProperties(db(), ids);
        const missing = ids.filter((id) => !known.has(id));
        if (missing.length) throw notFound(`No property with the id ${list(missing)}.`);
      }
      // Serialised by the database (documentsJson); a string payload skips the response serializer.
      return reply.type('application/json; charset=utf-8').send((await documentsJson(db(), ids)) as never);
    },
  );

  app.get(
    '/api/s3/getpresignedurl',
    {
      schema: {
        tags,
        description: `A link to view (or with download=1, to download) a document; it expires after ${config.documents.linkTtlSeconds} seconds.`,
        querystring: LinkQuery,
        response: { 200: LinkReply, 400: ErrorReply, 403: ErrorReply, 404: ErrorReply },
      },
    },
    async (request) => {
      const scope = await request.scope();
      const doc = await documentByKey(db(), request.query.key);
      if (!doc) throw notFound('No document with that key.');
      if (!canSeeProperty(scope, doc.property_id)) throw forbidden('You do not have access to this document.');
      const download = request.query.download === '1' || request.query.download === 'true';
      const url = await storage.link(doc.storage_key, {
        fileName: doc.file_name,
        contentType: doc.content_type,
        download,
        ttlSeconds: config.documents.linkTtlSeconds,
      });
      return { url };
    },
  );

  app.post(
    '/api/s3/deletedocument',
    { schema: { tags, body: DeleteBody, response: { 200: MessageReply, 400: ErrorReply, 403: ErrorReply, 404: ErrorReply } } },
    async (request) => {
      if (!request.user?.isAdmin) throw forbidden('Only administrators may delete documents.');
      const { key, propertyId } = request.body;
      // The row goes first (with its audit event); the object after, so a failure never leaves a row without a file.
      await db()
        .transaction()
        .execute(async (trx) => {
          const row = await deleteDocument(trx, key, propertyId);
          if (!row) throw notFound(`No document with that key in property ${propertyId}.`);
          await audit(trx, request.user!.email, 'document.delete', key, { propertyId });
        });
      try {
        await storage.delete(key);
      } catch (err) {
        request.log.error({ err, key }, 'document row deleted but its object could not be removed (orphaned object)');
      }
      return { message: documentMessages.deleted };
    },
  );

  app.post(
    '/api/s3/uploaddocument',
    {
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        description: `multipart/form-data with the fields propertyId and file (at most ${maxBytes} bytes); propertyId may come before or after file.`,
        response: { 201: UploadReply, 400: ErrorReply, 403: ErrorReply, 404: ErrorReply, 413: ErrorReply, 503: ErrorReply },
      },
    },
    async (request, reply) => {
      if (!request.user?.isAdmin) throw forbidden('Only administrators may upload documents.');
      if (!request.isMultipart()) throw badRequest('Invalid body: send multipart/form-data with the fields propertyId and file.');
      let propertyId: string | undefined;
      let checkedProperty = false;
      let stored: { key: string; fileName: string; contentType: string; size: number } | undefined;
      let failure: HttpError | undefined;
      const checkProperty = async (id: string) => {
        const parsed = PropertyId.safeParse(id);
        if (!parsed.success) throw badRequest('Invalid body.propertyId: is required.');
        if (!(await existingProperties(db(), [parsed.data])).has(parsed.data)) throw notFound(`No property with the id ${parsed.data}.`);
        checkedProperty = true;
        return parsed.data;
      };
      const removeStored = async () => {
        if (stored) await storage.delete(stored.key).catch((err) => request.log.error({ err, key: stored?.key }, 'could not remove an uploaded object'));
        stored = undefined;
      };
      try {
        for await (const part of request.parts()) {
          if (part.type === 'field') {
            if (part.fieldname !== 'propertyId') continue;
            if (propertyId !== undefined) failure ??= badRequest('Invalid body.propertyId: send it once.');
            propertyId = String(part.value);
            if (!failure) propertyId = await checkProperty(propertyId).catch((e: HttpError) => ((failure ??= e), propertyId));
            continue;
          }
          if (part.fieldname !== 'file' || failure) {
            part.file.resume();
            continue;
          }
          const fileName = part.filename;
          if (!fileName) {
            part.file.resume();
            failure = badRequest(documentMessages.fileRequired);
            continue;
          }
          if (!isValidFileName(fileName)) {
            part.file.resume();
            failure = badRequest(documentMessages.invalidFileName);
            continue;
          }
          const key = `documents/${randomUUID()}/${fileName}`;
          const contentType = contentTypeFor(fileName);
          const source = part.file as Readable & { truncated?: boolean };
          // Fails the store at the end of a truncated (over-limit) file, so the adapter discards what it wrote.
          const guard = new Transform({
            transform: (chunk, _enc, cb) => cb(null, chunk),
            flush: (cb) => cb(source.truncated ? new TooLarge() : null),
          });
          try {
            const { size } = await storage.put(key, source.pipe(guard), contentType);
            stored = { key, fileName, contentType, size };
          } catch (err) {
            source.resume();
            if (err instanceof TooLarge || source.truncated) failure = new HttpError(413, tooLargeMessage(maxBytes));
            else {
              request.log.error({ err, key }, 'document storage refused an upload');
              failure = new HttpError(503, documentMessages.storageDown);
            }
          }
        }
      } catch (err) {
        await removeStored();
        const code = (err as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, tooLargeMessage(maxBytes));
        if (code === 'FST_FILES_LIMIT') throw badRequest('Invalid body.file: send one file per upload.');
        if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw badRequest('Invalid body: too many form fields.');
        if (err instanceof HttpError) throw err;
        if (code?.startsWith('FST_')) throw badRequest(`Invalid body: ${(err as Error).message}.`);
        throw err;
      }
      if (!failure && propertyId === undefined) failure = badRequest('Invalid body.propertyId: is required.');
      if (!failure && !stored) failure = badRequest(documentMessages.fileRequired);
      if (!failure && !checkedProperty) propertyId = await checkProperty(propertyId!).catch((e: HttpError) => ((failure = e), propertyId));
      if (failure) {
        await removeStored();
        throw failure;
      }
      const s = stored!;
      try {
        const row = await db()
          .transaction()
          .execute(async (trx) => {
            const r = await insertDocument(trx, {
              property_id: propertyId!,
              storage_key: s.key,
              file_name: s.fileName,
              content_type: s.contentType,
              size_bytes: s.size,
              uploaded_by: request.user!.email,
            });
            await audit(trx, request.user!.email, 'document.upload', s.key, { propertyId, size: s.size });
            return r;
          });
        return reply.code(201).send({ message: documentMessages.uploaded, ...toDocument(row) });
      } catch (err) {
        await removeStored();
        throw err;
      }
    },
  );

  // Signed local links: public (the signature is the authorisation), served only for the local folder.
  app.get(
    LOCAL_OBJECT_PATH,
    { schema: { tags, security: [], description: 'A signed, expiring document link (local folder storage).', querystring: ObjectQuery } },
    async (request, reply) => {
      const q = request.query;
      const download = q.download === '1';
      if (!verifyLocalLink(config.jwtSecret, { key: q.key, exp: q.exp, download }, q.sig)) throw forbidden(documentMessages.badLink);
      const doc = await documentByKey(db(), q.key);
      const file = doc && storage.kind === 'local' ? await (storage as LocalStorage).open(q.key) : null;
      if (!doc || !file) throw notFound('This document no longer exists.');
      const attachment = download || !isSafeInline(doc.content_type);
      return reply
        .header('content-type', attachment && !isSafeInline(doc.content_type) ? 'application/octet-stream' : doc.content_type)
        .header('content-length', String(file.size))
        .header('content-disposition', contentDisposition(doc.file_name, attachment))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "sandbox; default-src 'none'")
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  );
};
