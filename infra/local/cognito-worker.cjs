/* eslint-disable @typescript-eslint/no-require-imports */
/**
 * cognito-local 5.3.0, assembled from its lib/ modules, in a worker thread: its dependencies
 * require ES modules, which Node loads but a test runner's module registry may not. The thread
 * loads those modules once and then serves one run after another (infra/local/cognito.ts keeps it
 * for the process): `{ type: 'start', run, dataDir, preferredPort, triggers, events,
 * temporaryPasswordValidityDays }` builds a fresh pool service, stores and server for that data
 * folder and answers `ready` (or `failed`); `{ type: 'close', run }` closes that server, answers
 * `closed` and leaves the thread idle for the next start. Nothing of a run (its challenge sessions,
 * user context data, pending asks) outlives it.
 * The parent runs the trigger handlers and writes the mails: during a run the worker sends it
 * { type: 'invoke' }, { type: 'mail' } and { type: 'event' } (EventBridge's events about the pool)
 * messages and waits for the answers; every message names its run, so that a late one of a closed
 * run is told apart.
 */
const { parentPort } = require('node:worker_threads');

const lib = (name) => require(`cognito-local/lib/${name}`);

/** A run's channel to the parent: its messages, its asks (refused once the run is closed) and its logger. */
function runChannel(run) {
  const pending = new Map();
  let nextId = 1;
  const channel = {
    run,
    closed: false,
    post: (message) => parentPort.postMessage({ ...message, run }),
    ask: (message) =>
      new Promise((resolve, reject) => {
        if (channel.closed) return reject(new Error('the local pool was stopped'));
        const id = nextId++;
        pending.set(id, { resolve, reject });
        channel.post({ ...message, id });
      }),
    answer: (m) => {
      const p = pending.get(m.id);
      pending.delete(m.id);
      p?.resolve(m);
    },
    close: () => {
      channel.closed = true;
      for (const p of pending.values()) p.reject(new Error('the local pool was stopped'));
      pending.clear();
    },
  };
  const quiet = () => {};
  channel.logger = {
    child: () => channel.logger,
    trace: quiet,
    debug: quiet,
    info: quiet,
    // Refused calls (a wrong password...) are warnings: only cognito-local's own failures matter.
    warn: quiet,
    error: (obj, msg) => channel.post({ type: 'log', message: msg ?? (typeof obj === 'string' ? obj : 'error'), detail: String(obj?.stack ?? obj?.message ?? '') }),
    fatal: (obj, msg) => channel.logger.error(obj, msg),
  };
  return channel;
}

/** How long a challenge's Session stays good: Cognito's default for an app client (3 minutes). */
const SESSION_MS = 3 * 60 * 1000;
/** Wrong answers one challenge Session takes before it is spent (the user signs in again). */
const SESSION_TRIES = 5;

/**
 * What the portal relies on that cognito-local 5.3.0 does not check, checked here around its
 * targets, so that the local pool refuses what Cognito refuses:
 * - InitiateAuth: a temporary password is checked, and its age (cognito-local answers the
 *   new-password challenge to anyone naming a user who still holds one);
 * - RespondToAuthChallenge: the Session must be one InitiateAuth gave, for that user and that
 *   challenge, under 3 minutes old and not yet answered (cognito-local takes any string, so the
 *   TOTP or new-password challenge could be answered without the password); the refresh token it
 *   issues is kept, so that the session can be refreshed (cognito-local forgot it);
 * - AdminCreateUser with MessageAction RESEND, which cognito-local refuses: for a user still on
 *   an invitation (FORCE_CHANGE_PASSWORD) the temporary password is replaced (the one sent, or a
 *   new one), its 7 days start again and the invitation is mailed again through the custom-message
 *   trigger, as Cognito does; an unknown user: UserNotFoundException; any other state:
 *   UnsupportedUserStateException;
 * - ForgotPassword for a user still on an invitation: NotAuthorizedException, as Cognito answers
 *   (cognito-local mailed a code);
 * - ChangePassword with a wrong current password: NotAuthorizedException, as Cognito answers
 *   (cognito-local: InvalidPasswordException); the change is also published as Cognito's CloudTrail
 *   event, which the password-change handler receives on AWS;
 * - AdminSetUserMFAPreference, which cognito-local lacks (the operator's reset-mfa command);
 * - LocalSetUserSoftwareToken, a target of the local pool only (no AWS API has it): an
 *   administrator's call that enrols an authenticator app with a given secret, as a user who
 *   scanned it and confirmed a code would, for the demo's administrators and test accounts.
 */
function checkedRouter(route, services, runData, channel) {
  const { NotAuthorizedError, InvalidParameterError, CodeMismatchError, UserNotFoundError, CognitoError } = lib('errors');
  const { userToResponseObject } = lib('targets/responses');
  const validityMs = runData.temporaryPasswordValidityDays * 24 * 60 * 60 * 1000;
  const sessions = new Map();
  const expiredSession = () => new NotAuthorizedError('Invalid session for the user, session is expired.');

  const initiateAuth = (inner) => async (ctx, req) => {
    const params = req.AuthParameters ?? {};
    if (req.AuthFlow === 'USER_PASSWORD_AUTH' && params.USERNAME) {
      const pool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
      const user = await pool.getUserByUsername(ctx, params.USERNAME);
      if (user?.UserStatus === 'FORCE_CHANGE_PASSWORD') {
        if (user.Password !== params.PASSWORD) throw new NotAuthorizedError('Incorrect username or password.');
        const created = new Date(user.UserLastModifiedDate ?? user.UserCreateDate).getTime();
        if (Date.now() - created > validityMs) throw new NotAuthorizedError('Temporary password has expired and must be reset by an administrator.');
      }
    }
    const out = await inner(ctx, req);
    if (out?.Session && out.ChallengeName) {
      for (const [key, s] of sessions) if (s.expires < Date.now()) sessions.delete(key);
      sessions.set(out.Session, { username: out.ChallengeParameters?.USER_ID_FOR_SRP, challenge: out.ChallengeName, clientId: req.ClientId, expires: Date.now() + SESSION_MS, tries: 0 });
    }
    return out;
  };

  const respondToAuthChallenge = (inner) => async (ctx, req) => {
    const session = sessions.get(req.Session);
    if (!session || session.expires < Date.now() || session.clientId !== req.ClientId) {
      sessions.delete(req.Session);
      throw expiredSession();
    }
    const pool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
    const user = await pool.getUserByUsername(ctx, req.ChallengeResponses?.USERNAME ?? '');
    if (!user || user.Username !== session.username || req.ChallengeName !== session.challenge) throw expiredSession();
    try {
      const out = await inner(ctx, req);
      sessions.delete(req.Session);
      // cognito-local keeps the refresh token of a password sign-in but not of an answered
      // challenge, so such a session could not be refreshed: kept here as Cognito keeps it.
      // (Read again: the answer may have changed the user, a new password, which the stale copy would undo.)
      if (out?.AuthenticationResult?.RefreshToken) await pool.storeRefreshToken(ctx, out.AuthenticationResult.RefreshToken, await pool.getUserByUsername(ctx, user.Username));
      if (out?.Session && out.ChallengeName) sessions.set(out.Session, { ...session, challenge: out.ChallengeName, expires: Date.now() + SESSION_MS, tries: 0 });
      return out;
    } catch (err) {
      if (err instanceof CodeMismatchError && ++session.tries >= SESSION_TRIES) sessions.delete(req.Session);
      throw err;
    }
  };

  const adminCreateUser = (inner) => async (ctx, req) => {
    if (req.MessageAction !== 'RESEND') return inner(ctx, req);
    const pool = await services.cognito.getUserPool(ctx, req.UserPoolId);
    const user = await pool.getUserByUsername(ctx, req.Username ?? '');
    if (!user) throw new UserNotFoundError('User does not exist.');
    if (user.UserStatus !== 'FORCE_CHANGE_PASSWORD') throw new CognitoError('UnsupportedUserStateException', `Resend not possible. ${req.Username} status is not FORCE_CHANGE_PASSWORD.`);
    const email = user.Attributes?.find((a) => a.Name === 'email')?.Value;
    if (!email) throw new InvalidParameterError('User has no attribute matching desired delivery mediums');
    const password = req.TemporaryPassword || require('node:crypto').randomBytes(9).toString('base64url');
    const updated = { ...user, Password: password, UserLastModifiedDate: services.clock.get() };
    await pool.saveUser(ctx, updated);
    await services.messages.deliver(ctx, 'AdminCreateUser', null, pool.options.Id, updated, password, req.ClientMetadata, {
      AttributeName: 'email',
      DeliveryMedium: 'EMAIL',
      Destination: email,
    });
    return { User: userToResponseObject(updated) };
  };

  const forgotPassword = (inner) => async (ctx, req) => {
    const pool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
    const user = await pool.getUserByUsername(ctx, req.Username ?? '');
    if (user?.UserStatus === 'FORCE_CHANGE_PASSWORD') throw new NotAuthorizedError('User password cannot be reset in the current state.');
    return inner(ctx, req);
  };

  const setUserSoftwareToken = async (ctx, req) => {
    if (!req.UserPoolId || !req.Username || !/^[A-Z2-7]{16,}$/.test(req.SecretCode ?? '')) throw new InvalidParameterError('UserPoolId, Username and a base32 SecretCode are required');
    const pool = await services.cognito.getUserPool(ctx, req.UserPoolId);
    const user = await pool.getUserByUsername(ctx, req.Username);
    if (!user) throw new NotAuthorizedError('User does not exist.');
    const methods = new Set([...(user.UserMFASettingList ?? []), 'SOFTWARE_TOKEN_MFA']);
    await pool.saveUser(ctx, {
      ...user,
      SoftwareTokenMfaConfiguration: { Secret: req.SecretCode, Verified: true },
      UserMFASettingList: [...methods],
      PreferredMfaSetting: 'SOFTWARE_TOKEN_MFA',
    });
    return {};
  };

  const adminSetUserMfaPreference = async (ctx, req) => {
    const pool = await services.cognito.getUserPool(ctx, req.UserPoolId);
    const user = await pool.getUserByUsername(ctx, req.Username ?? '');
    if (!user) throw new UserNotFoundError('User does not exist.');
    const software = req.SoftwareTokenMfaSettings;
    if (software?.Enabled && !user.SoftwareTokenMfaConfiguration?.Verified) throw new InvalidParameterError('User has not verified software token MFA');
    const methods = new Set(user.UserMFASettingList ?? []);
    if (software?.Enabled) methods.add('SOFTWARE_TOKEN_MFA');
    else if (software) methods.delete('SOFTWARE_TOKEN_MFA');
    await pool.saveUser(ctx, {
      ...user,
      UserMFASettingList: [...methods],
      PreferredMfaSetting: software?.PreferredMfa && methods.has('SOFTWARE_TOKEN_MFA') ? 'SOFTWARE_TOKEN_MFA' : undefined,
    });
    return {};
  };

  // What AWS sends EventBridge for a successful ChangePassword (CloudTrail, "AWS API Call via
  // CloudTrail"), handed to the parent, which runs the same handler the rule invokes; awaited here
  // (on AWS the rule runs a moment after the answer).
  const changePassword = (inner) => async (ctx, req) => {
    let out;
    try {
      out = await inner(ctx, req);
    } catch (err) {
      // cognito-local answers a wrong current password with InvalidPasswordException; Cognito with
      // NotAuthorizedException (InvalidPasswordException is its answer to a new password the policy refuses).
      if (err?.code === 'InvalidPasswordException' || err?.name === 'InvalidPasswordError') throw new NotAuthorizedError('Incorrect username or password.');
      throw err;
    }
    let claims = {};
    try {
      claims = JSON.parse(Buffer.from(String(req.AccessToken ?? '').split('.')[1] ?? '', 'base64url').toString('utf8'));
    } catch {
      // A token cognito-local accepted is a JWT: nothing to read otherwise.
    }
    const userPoolId = String(claims.iss ?? '').split('/').pop();
    const now = new Date().toISOString();
    await channel
      .ask({
      type: 'event',
      name: runData.events.ChangePassword,
      payload: JSON.stringify({
        source: 'aws.cognito-idp',
        'detail-type': 'AWS API Call via CloudTrail',
        time: now,
        detail: { eventSource: 'cognito-idp.amazonaws.com', eventName: 'ChangePassword', eventTime: now, additionalEventData: { sub: claims.sub, userPoolId }, requestParameters: null },
      }),
    })
      .catch((err) => channel.logger.error(err, 'the password-change event failed'));
    return out;
  };

  return (target) => {
    if (target === 'LocalSetUserSoftwareToken') return setUserSoftwareToken;
    if (target === 'ChangePassword') return changePassword(route(target));
    if (target === 'AdminSetUserMFAPreference') return adminSetUserMfaPreference;
    const inner = route(target);
    if (target === 'InitiateAuth') return initiateAuth(inner);
    if (target === 'AdminCreateUser') return adminCreateUser(inner);
    if (target === 'ForgotPassword') return forgotPassword(inner);
    if (target === 'RespondToAuthChallenge') return respondToAuthChallenge(inner);
    return inner;
  };
}

/** Where each target carries the user name and SECRET_HASH (the public calls the portal makes). */
const SECRET_HASH_FIELDS = {
  InitiateAuth: (r) => [r.AuthParameters?.USERNAME, r.AuthParameters?.SECRET_HASH],
  RespondToAuthChallenge: (r) => [r.ChallengeResponses?.USERNAME, r.ChallengeResponses?.SECRET_HASH],
  ForgotPassword: (r) => [r.Username, r.SecretHash],
  ConfirmForgotPassword: (r) => [r.Username, r.SecretHash],
  ResendConfirmationCode: (r) => [r.Username, r.SecretHash],
  SignUp: (r) => [r.Username, r.SecretHash],
  ConfirmSignUp: (r) => [r.Username, r.SecretHash],
};
/** How many calls' user context data the pool keeps for LocalListUserContextData (the latest). */
const CONTEXTS_KEPT = 500;

/**
 * An app client with a secret, as Cognito treats it (cognito-local 5.3.0 makes the secret, with
 * GenerateSecret, but checks nothing): each public call on it must carry
 * SECRET_HASH = Base64(HMAC_SHA256(secret, user name + client id)), else NotAuthorizedException
 * "Unable to verify secret hash for client <id>", before anything else is looked at. Such a client
 * stands for one with EnablePropagateAdditionalUserContextData (which AWS allows only with a secret,
 * and cognito-local does not keep): the `UserContextData.IpAddress` of each call whose hash was
 * right is kept (refused sign-ins too: threat protection rates them),
 * and LocalListUserContextData (a target of the local pool only) lists it, the latest last,
 * optionally for one client or user name: what threat protection would have rated.
 */
function secretClients(route, services) {
  const { NotAuthorizedError } = lib('errors');
  const { createHmac, timingSafeEqual } = require('node:crypto');
  const contexts = [];
  const listContexts = async (_ctx, req) => ({
    Calls: contexts.filter((c) => (!req.ClientId || c.ClientId === req.ClientId) && (!req.Username || c.Username === req.Username)),
  });
  const checked = (target, fields, inner) => async (ctx, req) => {
    const client = req.ClientId ? await services.cognito.getAppClient(ctx, req.ClientId) : null;
    if (!client?.ClientSecret) return inner(ctx, req);
    const [username, given] = fields(req);
    const expected = typeof username === 'string' ? createHmac('sha256', client.ClientSecret).update(username + req.ClientId).digest() : undefined;
    const sent = typeof given === 'string' ? Buffer.from(given, 'base64') : undefined;
    if (!expected || !sent || sent.length !== expected.length || !timingSafeEqual(sent, expected)) {
      throw new NotAuthorizedError(`Unable to verify secret hash for client ${req.ClientId}`);
    }
    // Kept whatever the call's outcome: threat protection rates failed sign-ins too.
    if (req.UserContextData?.IpAddress) {
      contexts.push({ Target: target, ClientId: req.ClientId, Username: username, IpAddress: req.UserContextData.IpAddress });
      if (contexts.length > CONTEXTS_KEPT) contexts.shift();
    }
    return inner(ctx, req);
  };
  return (target) => {
    if (target === 'LocalListUserContextData') return listContexts;
    const fields = SECRET_HASH_FIELDS[target];
    return fields ? checked(target, fields, route(target)) : route(target);
  };
}

/**
 * The custom-message trigger, with the code and user name put into the trigger's text as they are.
 * cognito-local 5.3.0 fills `{####}` with String.replace and a string, which reads `$$`, `$&`,
 * `` $` `` and `$'` in it as patterns: a temporary password holding `$$` was mailed one character
 * short, and the user could never sign in with it (Cognito mails the password as it is).
 */
function literalCustomMessage(lambda) {
  const CODE = '{####}';
  const USERNAME = '{username}';
  const fill = (text, code, username) => text?.replace(CODE, () => code).replace(USERNAME, () => username);
  const { attributesToRecord } = lib('services/userPoolService');
  return async (ctx, { clientId, clientMetadata, code, source, userAttributes, username, userPoolId }) => {
    try {
      const response = await lambda.invoke(ctx, 'CustomMessage', {
        clientId,
        clientMetadata,
        codeParameter: CODE,
        triggerSource: source,
        userAttributes: attributesToRecord(userAttributes),
        username,
        usernameParameter: USERNAME,
        userPoolId,
      });
      return { emailMessage: fill(response.emailMessage, code, username), emailSubject: response.emailSubject, smsMessage: fill(response.smsMessage, code, username) };
    } catch (err) {
      ctx.logger.error(err);
      return null;
    }
  };
}

/** cognito-local's modules, loaded once for the thread's runs (the half second a fresh thread spends). */
const modules = {
  Router: lib('server/Router').Router,
  createServer: lib('server/server').createServer,
  DateClock: lib('services/clock').DateClock,
  CognitoServiceFactoryImpl: lib('services/cognitoService').CognitoServiceFactoryImpl,
  CryptoService: lib('services/crypto').CryptoService,
  StormDBDataStoreFactory: lib('services/dataStore/stormDb').StormDBDataStoreFactory,
  LambdaService: lib('services/lambda').LambdaService,
  MessageDeliveryService: lib('services/messageDelivery/messageDelivery').MessageDeliveryService,
  MessagesService: lib('services/messages').MessagesService,
  otp: lib('services/otp').otp,
  JwtTokenGenerator: lib('services/tokenGenerator').JwtTokenGenerator,
  TriggersService: lib('services/triggers/triggers').TriggersService,
  UserPoolServiceFactoryImpl: lib('services/userPoolService').UserPoolServiceFactoryImpl,
};
// Loaded here too, so that a run's first calls do not pay for them.
lib('errors');
lib('targets/responses');

/** One run: a fresh pool service, stores and server over runData.dataDir; resolves with its listening server. */
async function startRun(runData, channel) {
  const { Router, createServer, DateClock, CognitoServiceFactoryImpl, CryptoService, StormDBDataStoreFactory, LambdaService, MessageDeliveryService, MessagesService, otp, JwtTokenGenerator, TriggersService, UserPoolServiceFactoryImpl } =
    modules;
  const { logger, ask } = channel;
  const ctx = { logger };
  const config = {
    LambdaClient: { region: 'local' },
    TriggerFunctions: runData.triggers,
    UserPoolDefaults: { UsernameAttributes: ['email'] },
    KMSConfig: { region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } },
    ServerConfig: { port: 0, hostname: '127.0.0.1', development: false, https: false },
    TokenConfig: { IssuerDomain: 'http://127.0.0.1' },
  };
  const clock = new DateClock();
  const stores = new StormDBDataStoreFactory(runData.dataDir);
  const cognito = await new CognitoServiceFactoryImpl(runData.dataDir, stores, new UserPoolServiceFactoryImpl(clock, stores)).create(ctx, config.UserPoolDefaults);
  // cognito-local sends the pre-token trigger an empty groupConfiguration; Cognito fills it with
  // the user's groups, which the trigger reads (staff must use an authenticator app).
  const withGroups = async (payload) => {
    const event = JSON.parse(payload);
    if (!String(event.triggerSource).startsWith('TokenGeneration_')) return payload;
    const pool = await cognito.getUserPool(ctx, event.userPoolId);
    const user = await pool.getUserByUsername(ctx, event.userName);
    const groups = user ? await pool.listUserGroupMembership(ctx, user) : [];
    event.request.groupConfiguration = { groupsToOverride: groups, iamRolesToOverride: [], preferredRole: null };
    return JSON.stringify(event);
  };
  // The Lambda client cognito-local invokes triggers through: the parent runs the handler.
  const lambdaClient = {
    invoke: (params) => ({
      promise: async () => {
        const r = await ask({ type: 'invoke', name: params.FunctionName, payload: await withGroups(params.Payload) });
        return r.error
          ? { StatusCode: 200, FunctionError: 'Unhandled', Payload: JSON.stringify({ errorMessage: r.error }) }
          : { StatusCode: 200, Payload: r.payload };
      },
    }),
  };
  const sender = {
    async sendEmail(_ctx, user, destination, message) {
      await ask({ type: 'mail', username: user.Username, to: destination, subject: message.emailSubject ?? '', text: message.emailMessage ?? '', code: message.__code ?? '' });
    },
    async sendSms(_ctx, _user, destination) {
      channel.post({ type: 'log', message: `SMS to ${destination} is not delivered by the local stack` });
    },
  };
  const lambda = new LambdaService(config.TriggerFunctions, lambdaClient);
  const triggers = new TriggersService(clock, cognito, lambda, new CryptoService(config.KMSConfig));
  triggers.customMessage = literalCustomMessage(lambda);
  const services = {
    clock,
    cognito,
    config,
    messages: new MessagesService(triggers, new MessageDeliveryService(sender)),
    otp,
    tokenGenerator: new JwtTokenGenerator(clock, triggers, config.TokenConfig),
    triggers,
  };
  const app = createServer(secretClients(checkedRouter(Router(services), services, runData, channel), services), logger, config.ServerConfig, services);
  const start = async (port) => {
    config.ServerConfig.port = port;
    return app.start();
  };
  let server;
  try {
    server = await start(runData.preferredPort ?? 0);
  } catch (err) {
    if (err.code !== 'EADDRINUSE' || !runData.preferredPort) throw err;
    server = await start(0);
  }
  // The token generator reads the issuer's domain when it signs, so the chosen port is known by then.
  config.TokenConfig.IssuerDomain = `http://127.0.0.1:${server.address().port}`;
  return server;
}

/** The run being served (one at a time): its channel and, once listening, its server. */
let current;
parentPort.on('message', (m) => {
  if (m.type === 'start') {
    if (current) {
      parentPort.postMessage({ type: 'failed', run: m.run, message: `run ${current.channel.run} is still being served` });
      return;
    }
    const served = { channel: runChannel(m.run) };
    current = served;
    startRun(m, served.channel).then(
      (server) => {
        served.server = server;
        served.channel.post({ type: 'ready', port: server.address().port });
      },
      (err) => {
        served.channel.close();
        if (current === served) current = undefined;
        served.channel.post({ type: 'failed', message: String(err?.stack ?? err) });
      },
    );
  } else if (m.type === 'answer') {
    if (current?.channel.run === m.run) current.channel.answer(m);
  } else if (m.type === 'close') {
    const served = current;
    if (served?.channel.run !== m.run || !served.server) return;
    served.channel.close();
    served.server.close(() => {
      if (current === served) current = undefined;
      parentPort.postMessage({ type: 'closed', run: m.run });
    });
    served.server.closeAllConnections();
  }
});
