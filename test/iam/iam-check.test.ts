/**
 * The IAM check, tested: one grant taken out of a route row (a table, a bucket prefix, a Cognito
 * action, a secret), out of a construct's statements (a trigger's), or a resource policy's
 * condition not met, and the recorded calls that needed it are denied by name. Rows are changed
 * in memory for one synth and put back.
 */
import { routes, type Route } from '../../lambdas/routes.js';
import { synth } from '../infra/support/synth.js';
import { checkStage, evaluate, readRecords, requestsFor, type IamRequest } from './support/check.js';
import { iamOf, stageIam, type FunctionIam, type StageIam } from './support/stage.js';
import { documentsBucket } from '../../lambdas/shared/resources/definitions.js';

const records = readRecords();
const SYNTH_MS = 300_000;

/** The dev stage synthesised with one route row changed; the row is put back afterwards. */
function withRow(handler: string, change: (row: Route) => void): StageIam {
  const row = routes.find((r) => r.handler === handler)!;
  const saved = structuredClone(row);
  change(row);
  try {
    return stageIam(synth('dev'));
  } finally {
    for (const k of Object.keys(row) as (keyof Route)[]) delete row[k];
    Object.assign(row, saved);
  }
}

async function denialsOf(stage: StageIam, handler: string) {
  const calls = records.calls.filter((c) => c.fn === handler);
  expect(calls.length).toBeGreaterThan(0);
  return (await checkStage(stage, calls)).denials.map((d) => `${d.fn} ${d.action} ${d.resource}`);
}

describe('taking one grant out makes the check fail by name', () => {
  it('a table of a route row: listing documents without the documents table', async () => {
    const stage = withRow('documents/get-documents-by-property', (r) => delete r.tables!.documents);
    expect(await denialsOf(stage, 'documents/get-documents-by-property')).toContain(
      `documents/get-documents-by-property dynamodb:Query arn:aws:dynamodb:${stage.region}:${stage.account}:table/portal-dev-documents/index/byProperty`,
    );
  }, SYNTH_MS);

  it('a bucket prefix of a route row: a download link without read on documents/', async () => {
    const stage = withRow('documents/get-presigned-url', (r) => (r.bucket = []));
    const denied = await denialsOf(stage, 'documents/get-presigned-url');
    expect(denied.some((d) => d.startsWith('documents/get-presigned-url s3:GetObject arn:aws:s3:::') && d.includes('/documents/'))).toBe(true);
  }, SYNTH_MS);

  it('a Cognito action of a route row: creating users without AdminCreateUser', async () => {
    const stage = withRow('users/signup', (r) => (r.cognito = r.cognito!.filter((a) => a !== 'AdminCreateUser')));
    expect(await denialsOf(stage, 'users/signup')).toContain(
      `users/signup cognito-idp:AdminCreateUser arn:aws:cognito-idp:${stage.region}:${stage.account}:userpool/${stage.shared.USER_POOL_ID}`,
    );
  }, SYNTH_MS);

  it('a secret of a route row: the telemetry proxy without the telemetry key', async () => {
    const stage = withRow('telemetry/get-devices', (r) => (r.secrets = []));
    const denied = await denialsOf(stage, 'telemetry/get-devices');
    expect(denied.some((d) => d.startsWith('telemetry/get-devices secretsmanager:GetSecretValue arn:aws:secretsmanager:'))).toBe(true);
  }, SYNTH_MS);

  it('a construct\'s statement: the pre-token trigger without cognito-idp:AdminGetUser', async () => {
    const stage = iamOf('dev');
    const trigger = stage.functions.get('triggers/pre-token-generation')!;
    const without: FunctionIam = {
      ...trigger,
      policies: trigger.policies.map((p) => ({
        ...p,
        policy: { ...p.policy, Statement: p.policy.Statement.filter((st) => !JSON.stringify(st.Action).includes('cognito-idp:AdminGetUser')) },
      })),
    };
    const changed: StageIam = { ...stage, functions: new Map(stage.functions).set('triggers/pre-token-generation', without) };
    expect(await denialsOf(stage, 'triggers/pre-token-generation')).toEqual([]);
    expect(await denialsOf(changed, 'triggers/pre-token-generation')).toContain(
      `triggers/pre-token-generation cognito-idp:AdminGetUser arn:aws:cognito-idp:${stage.region}:${stage.account}:userpool/${stage.shared.USER_POOL_ID}`,
    );
  }, SYNTH_MS);
});

describe('conditions that matter', () => {
  const download = (stage: StageIam): { fn: FunctionIam; request: IamRequest } => {
    const fn = stage.functions.get('documents/get-presigned-url')!;
    const call = records.calls.find((c) => c.fn === fn.handler && c.action === 's3:GetObject')!;
    const made = requestsFor(call, stage, fn);
    if ('none' in made) throw new Error(made.none);
    return { fn, request: made[0]! };
  };
  const tag = `s3:ExistingObjectTag/${documentsBucket.malwareTag.key}`;

  it('where uploads are scanned, the bucket policy denies a download of an object not tagged clean, whatever the role allows', async () => {
    const stage = iamOf('staging');
    expect(stage.scannedPrefixes).toContain('documents/');
    const { fn, request } = download(stage);
    expect(request.context[tag]).toBe(documentsBucket.malwareTag.clean);
    expect(await evaluate(request, fn, stage)).toBeUndefined();
    const infected = await evaluate({ ...request, context: { ...request.context, [tag]: 'THREATS_FOUND' } }, fn, stage);
    expect(infected?.why).toMatch(/explicitly denied by statement .* of the resource's policy/);
    const { [tag]: _, ...untagged } = request.context;
    expect((await evaluate({ ...request, context: untagged }, fn, stage))?.why).toMatch(/explicitly denied/);
  }, SYNTH_MS);

  it('where nothing is scanned (dev), a download needs no tag', async () => {
    const stage = iamOf('dev');
    const { fn, request } = download(stage);
    expect(request.context[tag]).toBeUndefined();
    expect(await evaluate(request, fn, stage)).toBeUndefined();
  }, SYNTH_MS);

  it('the pre-token trigger may write the sign-in time only: an update naming any other attribute of the user is denied', async () => {
    const stage = iamOf('prod');
    const fn = stage.functions.get('triggers/pre-token-generation')!;
    const call = records.calls.find((c) => c.fn === fn.handler && c.action === 'dynamodb:UpdateItem')!;
    expect(call.target).toMatchObject({ table: 'users', attributes: ['lastSignInAt', 'sub'] });
    const made = requestsFor(call, stage, fn);
    if ('none' in made) throw new Error(made.none);
    expect(await evaluate(made[0]!, fn, stage)).toBeUndefined();
    const wider = { ...made[0]!, context: { ...made[0]!.context, 'dynamodb:Attributes': ['customerIds', 'lastSignInAt', 'sub'] } };
    expect((await evaluate(wider, fn, stage))?.why).toMatch(/no statement of the role's policies/);
    const returning = { ...made[0]!, context: { ...made[0]!.context, 'dynamodb:ReturnValues': 'ALL_NEW' } };
    expect(await evaluate(returning, fn, stage)).toBeDefined();
  }, SYNTH_MS);

  it('mail goes out only as the stage\'s SES identity, with its configuration set', async () => {
    const stage = iamOf('prod');
    expect(stage.mail).toBeDefined();
    const fn = stage.functions.get('requests/service-requests')!;
    const call = records.calls.find((c) => c.fn === fn.handler && c.action === 'ses:SendEmail')!;
    const made = requestsFor(call, stage, fn);
    if ('none' in made) throw new Error(made.none);
    expect(made.map((r) => r.resource.split(':').slice(5).join(':'))).toEqual([`identity/${stage.mail!.sesIdentity}`, ...(fn.env.MAIL_CONFIGURATION_SET ? [`configuration-set/${fn.env.MAIL_CONFIGURATION_SET}`] : [])]);
    for (const r of made) expect(await evaluate(r, fn, stage)).toBeUndefined();
    const elsewhere = requestsFor(call, stage, { ...fn, env: { ...fn.env, MAIL_FROM: 'Portal <no-reply@elsewhere.example>' } });
    if ('none' in elsewhere) throw new Error(elsewhere.none);
    expect((await evaluate(elsewhere[0]!, fn, stage))?.resource).toContain('identity/no-reply@elsewhere.example');
  }, SYNTH_MS);
});
