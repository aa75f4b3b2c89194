import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/http-error.js';
import { hashPassword, passwordMeetsRule, PASSWORD_RULE_MESSAGE, verifyPassword } from '../../lib/passwords.js';
import { assertUnderLimit, clearLimit, hit, pruneLimits, type Limit } from '../../lib/rate-limit.js';
import { consumeCode, customerIdsOf, findUserByEmail, issueCode, newResetCode, setPassword, type CodePurpose } from './auth.repository.js';
import { ErrorReply, LoginBody, LoginReply, MessageReply, messages, PublicConfigReply, ResetRequestBody, VerifyBody } from './auth.schema.js';
import { signSessionToken } from './tokens.js';

/** Limits on failed sign-ins and on code requests and checks, per email and per client address. */
export const limits = {
  loginPerEmail: { max: 10, windowSeconds: 15 * 60 },
  loginPerAddress: { max: 50, windowSeconds: 15 * 60 },
  codeRequestPerEmail: { max: 5, windowSeconds: 60 * 60 },
  codeRequestPerAddress: { max: 30, windowSeconds: 60 * 60 },
  codeCheckPerAddress: { max: 30, windowSeconds: 15 * 60 },
} satisfies Record<string, Limit>;

export const authPublicPaths = [
  '/api/config',
  '/api/users/login',
  '/api/users/reset-password',
  '/api/users/reset-password/verify',
  '/api/users/user-registration/verify',
];

const tags = ['accounts'];

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.ctx;
  const db = () => app.ctx.db;
  let sinceprune = 0;

  app.get(
    '/api/config',
    { schema: { tags, security: [], response: { 200: PublicConfigReply } } },
    async () => ({
      productName: config.productName,
      contactUrl: config.contactUrl,
      staffDomains: config.staffDomains,
      excludedCustomerDomains: config.excludedCustomerDomains,
    }),
  );

  app.post(
    '/api/users/login',
    { schema: { tags, security: [], body: LoginBody, response: { 200: LoginReply, 401: ErrorReply, 429: ErrorReply } } },
    async (request) => {
      const email = request.body.email.trim().toLowerCase();
      const emailKey = `login:email:${email}`;
      const addressKey = `login:ip:${request.ip}`;
      await assertUnderLimit(db(), emailKey, limits.loginPerEmail);
      await assertUnderLimit(db(), addressKey, limits.loginPerAddress);
      const user = await findUserByEmail(db(), email);
      const ok = await verifyPassword(user?.password_hash ?? null, request.body.password);
      if (!user || !ok) {
        await hit(db(), emailKey, limits.loginPerEmail);
        await hit(db(), addressKey, limits.loginPerAddress);
        if (++sinceprune % 100 === 0) await pruneLimits(db());
        request.log.info({ email }, 'sign-in refused');
        throw new HttpError(401, messages.loginFailed);
      }
      await clearLimit(db(), emailKey);
      const token = await signSessionToken(config, {
        email: user.email,
        name: user.name,
        BUILDOPS_CUSTOMER_ID: await customerIdsOf(db(), user.id),
        userId: user.id,
        tv: user.token_version,
      });
      return { token };
    },
  );

  app.post(
    '/api/users/reset-password',
    { schema: { tags, security: [], body: ResetRequestBody, response: { 200: MessageReply, 404: ErrorReply, 429: ErrorReply } } },
    async (request, reply) => {
      const { email } = request.body;
      const emailKey = `code-request:email:${email}`;
      const addressKey = `code-request:ip:${request.ip}`;
      await assertUnderLimit(db(), emailKey, limits.codeRequestPerEmail);
      await assertUnderLimit(db(), addressKey, limits.codeRequestPerAddress);
      await hit(db(), emailKey, limits.codeRequestPerEmail);
      await hit(db(), addressKey, limits.codeRequestPerAddress);
      const user = await findUserByEmail(db(), email);
      // Spec section 8 tells an unknown email apart; the limits above keep that from being mined.
      if (!user) return reply.code(404).send({ error: messages.emailUnknown });
      const code = newResetCode();
      await issueCode(db(), config.jwtSecret, user.id, 'reset', code);
      await app.ctx.mailer.send({
        to: user.email,
        subject: `${config.productName} password reset code`,
        text: [
          `Hello ${user.name},`,
          '',
          `Someone asked to reset the password of your ${config.productName} Reporting account.`,
          'Your reset code is:',
          '',
          code,
          '',
          `Enter it at ${config.publicUrl}/reset-password within 15 minutes.`,
          'If you did not ask for this, you can ignore this mail; your password stays as it is.',
        ].join('\n'),
      });
      return { message: messages.resetSent };
    },
  );

  const verify = (purpose: CodePurpose, failed: string, done: string) =>
    async (request: { body: { email: string; code: string; newPassword: string }; ip: string }) => {
      const email = request.body.email.trim().toLowerCase();
      const addressKey = `code-check:ip:${request.ip}`;
      await assertUnderLimit(db(), addressKey, limits.codeCheckPerAddress);
      if (!passwordMeetsRule(request.body.newPassword)) throw new HttpError(400, PASSWORD_RULE_MESSAGE);
      const user = await findUserByEmail(db(), email);
      const passwordHash = await hashPassword(request.body.newPassword);
      const ok =
        !!user &&
        (await db()
          .transaction()
          .execute(async (trx) => {
            if (!(await consumeCode(trx, config.jwtSecret, user.id, purpose, request.body.code))) return false;
            await setPassword(trx, user.id, passwordHash);
            return true;
          }));
      if (!ok) {
        await hit(db(), addressKey, limits.codeCheckPerAddress);
        throw new HttpError(400, failed);
      }
      return { message: done };
    };

  app.post(
    '/api/users/reset-password/verify',
    { schema: { tags, security: [], body: VerifyBody, response: { 200: MessageReply, 400: ErrorReply, 429: ErrorReply } } },
    verify('reset', messages.resetFailed, messages.resetDone),
  );
  app.post(
    '/api/users/user-registration/verify',
    { schema: { tags, security: [], body: VerifyBody, response: { 200: MessageReply, 400: ErrorReply, 429: ErrorReply } } },
    verify('registration', messages.registrationFailed, messages.registrationDone),
  );
};
