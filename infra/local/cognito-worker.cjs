/* eslint-disable @typescript-eslint/no-require-imports */
/**
 * cognito-local 5.3.0, assembled from its lib/ modules, in a worker thread: its dependencies
 * require ES modules, which Node loads but a test runner's module registry may not. The parent
 * (infra/local/cognito.ts) runs the trigger handlers and writes the mails: the worker sends it
 * { type: 'invoke' } and { type: 'mail' } messages and waits for the answers.
 * workerData: { dataDir, preferredPort }.
 */
const { parentPort, workerData } = require('node:worker_threads');

const lib = (name) => require(`cognito-local/lib/${name}`);
const pending = new Map();
let nextId = 1;
const ask = (message) =>
  new Promise((resolve, reject) => {
    const id = nextId++;
    pending.set(id, { resolve, reject });
    parentPort.postMessage({ ...message, id });
  });

const quiet = () => {};
const logger = {
  child: () => logger,
  trace: quiet,
  debug: quiet,
  info: quiet,
  // Refused calls (a wrong password...) are warnings: only cognito-local's own failures matter.
  warn: quiet,
  error: (obj, msg) => parentPort.postMessage({ type: 'log', message: msg ?? (typeof obj === 'string' ? obj : 'error'), detail: String(obj?.stack ?? obj?.message ?? '') }),
  fatal: (obj, msg) => logger.error(obj, msg),
};

/**
 * cognito-local answers the new-password challenge to anyone naming a user who still holds a
 * temporary password, without checking it or its age. Cognito checks both: so does this wrapper
 * of InitiateAuth, so that registration locally refuses what it refuses on AWS.
 */
function checkedRouter(route, services) {
  const { NotAuthorizedError } = lib('errors');
  const validityMs = workerData.temporaryPasswordValidityDays * 24 * 60 * 60 * 1000;
  return (target) => {
    const inner = route(target);
    if (target !== 'InitiateAuth') return inner;
    return async (ctx, req) => {
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
      return inner(ctx, req);
    };
  };
}

async function main() {
  const { Router } = lib('server/Router');
  const { createServer } = lib('server/server');
  const { DateClock } = lib('services/clock');
  const { CognitoServiceFactoryImpl } = lib('services/cognitoService');
  const { CryptoService } = lib('services/crypto');
  const { StormDBDataStoreFactory } = lib('services/dataStore/stormDb');
  const { LambdaService } = lib('services/lambda');
  const { MessageDeliveryService } = lib('services/messageDelivery/messageDelivery');
  const { MessagesService } = lib('services/messages');
  const { otp } = lib('services/otp');
  const { JwtTokenGenerator } = lib('services/tokenGenerator');
  const { TriggersService } = lib('services/triggers/triggers');
  const { UserPoolServiceFactoryImpl } = lib('services/userPoolService');

  const ctx = { logger };
  const config = {
    LambdaClient: { region: 'local' },
    TriggerFunctions: workerData.triggers,
    UserPoolDefaults: { UsernameAttributes: ['email'] },
    KMSConfig: { region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } },
    ServerConfig: { port: 0, hostname: '127.0.0.1', development: false, https: false },
    TokenConfig: { IssuerDomain: 'http://127.0.0.1' },
  };
  const clock = new DateClock();
  const stores = new StormDBDataStoreFactory(workerData.dataDir);
  const cognito = await new CognitoServiceFactoryImpl(workerData.dataDir, stores, new UserPoolServiceFactoryImpl(clock, stores)).create(ctx, config.UserPoolDefaults);
  // The Lambda client cognito-local invokes triggers through: the parent runs the handler.
  const lambdaClient = {
    invoke: (params) => ({
      promise: async () => {
        const r = await ask({ type: 'invoke', name: params.FunctionName, payload: params.Payload });
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
      parentPort.postMessage({ type: 'log', message: `SMS to ${destination} is not delivered by the local stack` });
    },
  };
  const triggers = new TriggersService(clock, cognito, new LambdaService(config.TriggerFunctions, lambdaClient), new CryptoService(config.KMSConfig));
  const services = {
    clock,
    cognito,
    config,
    messages: new MessagesService(triggers, new MessageDeliveryService(sender)),
    otp,
    tokenGenerator: new JwtTokenGenerator(clock, triggers, config.TokenConfig),
    triggers,
  };
  const app = createServer(checkedRouter(Router(services), services), logger, config.ServerConfig, services);
  const start = async (port) => {
    config.ServerConfig.port = port;
    return app.start();
  };
  let server;
  try {
    server = await start(workerData.preferredPort ?? 0);
  } catch (err) {
    if (err.code !== 'EADDRINUSE' || !workerData.preferredPort) throw err;
    server = await start(0);
  }
  const { port } = server.address();
  // The token generator reads the issuer's domain when it signs, so the chosen port is known by then.
  config.TokenConfig.IssuerDomain = `http://127.0.0.1:${port}`;
  parentPort.on('message', (m) => {
    if (m.type === 'answer') {
      const p = pending.get(m.id);
      pending.delete(m.id);
      p?.resolve(m);
    } else if (m.type === 'close') {
      server.close(() => parentPort.postMessage({ type: 'closed' }));
      server.closeAllConnections();
    }
  });
  parentPort.postMessage({ type: 'ready', port });
}

main().catch((err) => parentPort.postMessage({ type: 'failed', message: String(err?.stack ?? err) }));
