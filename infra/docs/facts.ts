/**
 * What the generated docs (docs/architecture.md, docs/data-model.md, docs/api.md) are drawn from,
 * read from the code itself so the pictures cannot drift from it:
 *
 * - the stacks of an example stage of cdk.json (`EXAMPLE_STAGE`), built by infra/app.ts exactly as
 *   `cdk synth` builds them (without bundling: functions get an inline body);
 * - the tables of lambdas/shared/resources/tables.ts;
 * - who reads and writes each table: the `tables` grants of lambdas/routes.ts (`routes`,
 *   `scheduled`, `mailFeedback`) and, for the functions those rows do not declare (the Cognito
 *   triggers, the password-change function), the DynamoDB statements of their roles' policies;
 * - the OpenAPI document GET /api/openapi.json serves (lambdas/config/get-openapi.ts).
 */
import { Stack, type CfnResource } from 'aws-cdk-lib';
import type * as iam from 'aws-cdk-lib/aws-iam';
import { areaOf, areas, mailFeedback, routeKey, routes, scheduled, type Area, type Route, type TableAccess } from '../../lambdas/routes.js';
import { openApiDocument } from '../../lambdas/config/get-openapi.js';
import type { StageStacks } from '../app.js';
import { offlineStage } from '../offline-stage.js';
import type { Stage } from '../config.js';
import { serverClient } from '../../lambdas/shared/resources/definitions.js';
import type { PortalFunction } from '../function-construct.js';
import { tableNameOf } from '../jobs-stack.js';
import { tables, type TableDef, type TableName } from '../../lambdas/shared/resources/tables.js';

/** The stage of cdk.json the architecture is drawn from: it has every kind of stack and service (mail, custom domain, canary, malware scan). */
export const EXAMPLE_STAGE = 'prod';

export type StackKind = 'edge' | 'main' | 'area' | 'jobs' | 'watch' | 'edgeWatch';

export interface StackFact {
  /** The stack's name in the example stage (`Portal-prod-jobs`). */
  name: string;
  kind: StackKind;
  /** `us-east-1` for the edge stacks, else `stage region`. */
  region: string;
  area?: Area;
}

/** One function's access to the tables: `read`, `write` (includes read) or `append` (read and PutItem only). */
export interface TableUser {
  /** Handler file under lambdas/ (`users/signup`). */
  handler: string;
  /** What runs it: a route key, `schedule`, `SES feedback`, `Cognito` or `EventBridge rule`. */
  by: string;
  area?: Area;
  legacy: boolean;
  tables: Partial<Record<TableName, TableAccess>>;
}

export interface AreaFact {
  area: Area;
  folders: readonly string[];
  routes: Route[];
  /** Whether any of its routes is public (no authorizer), signed in, grants the bucket, secrets, mail, the bus. */
  publicRoutes: number;
  signedInRoutes: number;
  bucket: boolean;
  secrets: string[];
  mail: boolean;
  events: boolean;
  cognito: boolean;
  /** Holds routes that call Cognito's public API with the server client (lambdas/shared/resources/definitions.ts serverClient: sign-in, registration, reset codes). */
  signIn: boolean;
}

export interface DocFacts {
  stage: string;
  stacks: StackFact[];
  areas: AreaFact[];
  tables: { name: TableName; def: TableDef }[];
  users: TableUser[];
  triggers: { key: string; handler: string }[];
  jobs: { handler: string; schedule: string }[];
  secrets: string[];
  mailFeedback: boolean;
  passwordChange: string;
  openapi: Record<string, unknown>;
}

type Json = Record<string, unknown>;

/** The example stage's stacks, built as bin/portal.ts builds them, without bundling or a web build. */
export const exampleStacks = (stageName = EXAMPLE_STAGE): { stage: Stage; stacks: StageStacks } => offlineStage(stageName);

const DYNAMODB_WRITES = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];

/**
 * A function's table access as its role's policy grants it (for the functions no row of
 * lambdas/routes.ts declares): a table is named by its logical id in its own stack, by its fixed
 * name (`portal-<stage>-<id>`) in another.
 */
export function grantedTables(stage: Stage, stacks: StageStacks, pf: PortalFunction): Partial<Record<TableName, TableAccess>> {
  const stack = Stack.of(pf.fn);
  const policy = pf.fn.role?.node.tryFindChild('DefaultPolicy') as iam.Policy | undefined;
  if (!policy) return {};
  const doc = stack.resolve(policy.document.toJSON()) as { Statement: { Effect: string; Action: string | string[]; Resource: unknown }[] };
  const out: Partial<Record<TableName, TableAccess>> = {};
  for (const name of Object.keys(tables) as TableName[]) {
    const table = stacks.main.data.tables[name];
    const logicalId = stacks.main.resolve((table.node.defaultChild as CfnResource).logicalId) as string;
    const byName = new RegExp(`:table/${tableNameOf(stage, name)}(/|")`);
    for (const st of doc.Statement) {
      if (st.Effect !== 'Allow') continue;
      const text = JSON.stringify(st.Resource);
      const names = (Stack.of(pf.fn) === stacks.main && text.includes(`"${logicalId}"`)) || byName.test(text);
      if (!names) continue;
      const actions = Array.isArray(st.Action) ? st.Action : [st.Action];
      if (!actions.some((a) => a.startsWith('dynamodb:'))) continue;
      const writes = actions.some((a) => DYNAMODB_WRITES.includes(a) || a === 'dynamodb:*');
      if (writes || !out[name]) out[name] = writes ? 'write' : 'read';
    }
  }
  return out;
}

const scheduleWords = (s: (typeof scheduled)[number]['schedule']) =>
  'everyMinutes' in s ? `every ${s.everyMinutes} minutes` : 'weekly' in s ? 'weekly (stage setting notifications.weeklySummary)' : 'daily (stage setting notifications.dayBefore)';

export function docFacts(stageName = EXAMPLE_STAGE): DocFacts {
  const { stage, stacks } = exampleStacks(stageName);
  const regionOf = (s: Stack) => (s.region === stacks.main.region ? 'stage region' : s.region);
  const stackFacts: StackFact[] = stacks.all.map((s) => {
    const area = (Object.keys(stacks.areas) as Area[]).find((a) => stacks.areas[a] === s);
    const kind: StackKind =
      s === stacks.main ? 'main' : area ? 'area' : s === stacks.jobs ? 'jobs' : s === stacks.watch ? 'watch' : s === stacks.edge ? 'edge' : s === stacks.edgeWatch ? 'edgeWatch' : unknownStack(s);
    return { name: s.stackName, kind, region: regionOf(s), ...(area ? { area } : {}) };
  });

  const areaFacts: AreaFact[] = (Object.keys(areas) as Area[]).map((area) => {
    const rs = routes.filter((r) => areaOf(r.handler) === area);
    return {
      area,
      folders: areas[area],
      routes: rs,
      publicRoutes: rs.filter((r) => r.access === 'public').length,
      signedInRoutes: rs.filter((r) => r.access !== 'public').length,
      bucket: rs.some((r) => r.bucket?.length),
      secrets: [...new Set(rs.flatMap((r) => r.secrets ?? []))].sort(),
      mail: rs.some((r) => r.mail),
      events: rs.some((r) => r.events),
      cognito: rs.some((r) => r.cognito?.length),
      signIn: rs.some((r) => (serverClient.handlers as readonly string[]).includes(r.handler)),
    };
  });

  const users: TableUser[] = [
    ...routes.map((r) => ({ handler: r.handler, by: routeKey(r), area: areaOf(r.handler), legacy: Boolean(r.legacy), tables: r.tables ?? {} })),
    ...scheduled.map((j) => ({ handler: j.handler, by: 'schedule', legacy: false, tables: j.tables ?? {} })),
  ];
  if (stacks.jobs.mailFeedback) users.push({ handler: mailFeedback.handler, by: 'SES feedback', legacy: false, tables: mailFeedback.tables });
  // Every other function of the stage: its grants as its role's policy has them.
  const declared = new Set(users.map((u) => u.handler));
  const triggers = Object.entries(stacks.main.auth.triggers).map(([key, pf]) => ({ key, handler: pf.handler }));
  const triggerHandlers = new Set(triggers.map((t) => t.handler));
  for (const [handler, pf] of stacks.functions) {
    if (declared.has(handler)) continue;
    const by = triggerHandlers.has(handler) ? 'Cognito' : handler === stacks.jobs.passwordChange.fn.handler ? 'EventBridge rule' : 'other';
    users.push({ handler, by, legacy: false, tables: grantedTables(stage, stacks, pf) });
  }

  return {
    stage: stage.name,
    stacks: stackFacts,
    areas: areaFacts,
    tables: (Object.keys(tables) as TableName[]).map((name) => ({ name, def: tables[name] })),
    users,
    triggers,
    jobs: scheduled.map((j) => ({ handler: j.handler, schedule: scheduleWords(j.schedule) })),
    secrets: Object.keys(stacks.main.secrets.secrets).sort(),
    mailFeedback: Boolean(stacks.jobs.mailFeedback),
    passwordChange: stacks.jobs.passwordChange.fn.handler,
    openapi: openApiDocument() as Json,
  };
}

function unknownStack(s: Stack): never {
  throw new Error(`${s.stackName}: a stack of the stage that infra/docs/facts.ts does not know; give it a kind and a place in the architecture diagram`);
}
