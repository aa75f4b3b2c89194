/**
 * The generated parts of docs/architecture.md, docs/data-model.md and docs/api.md, from the facts
 * of ./facts.ts: Mermaid diagrams (GitHub renders them) and Markdown tables. Pure text in, text
 * out, the same on every run: bin/docs.ts writes them between `<!-- generated:<part> -->` and
 * `<!-- /generated -->` and checks them (./check.ts).
 */
import { routesByKey, type TableAccess } from '../../lambdas/routes.js';
import type { TableName } from '../../lambdas/shared/resources/tables.js';
import type { AreaFact, DocFacts, StackFact } from './facts.js';

type Json = Record<string, unknown>;

/** The doc files and the generated parts each holds, in order. */
export const DOC_PARTS = {
  'docs/architecture.md': ['architecture', 'stacks', 'request-path', 'sign-in', 'background'],
  'docs/data-model.md': ['tables', 'table-access'],
  'docs/api.md': ['api'],
} as const;
export type DocFile = keyof typeof DOC_PARTS;
export type Rendered = Record<DocFile, Record<string, string>>;

/** A Mermaid label in quotes: `"` would end it, so it is written as Mermaid's entity. */
const q = (text: string) => `"${text.replace(/"/g, '#quot;')}"`;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const fence = (lines: string[]) => ['```mermaid', ...lines, '```'].join('\n');
const code = (s: string) => `\`${s}\``;
/** A Markdown table cell: `|` would end it. */
const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

const stackLabel = (s: StackFact) => (s.region === 'stage region' ? s.name : `${s.name} (${s.region})`);
const areaNode = (a: AreaFact) => `fn_${a.area}`;

const stacksOf = (f: DocFacts, kind: StackFact['kind']) => f.stacks.filter((s) => s.kind === kind);
const areaLabel = (a: AreaFact) => {
  const legacy = a.routes.filter((r) => r.legacy).length;
  return `${a.folders.join(', ')}: ${plural(a.routes.length, 'route')}${a.publicRoutes ? `, ${a.publicRoutes} public` : ''}${legacy ? `, ${legacy} legacy` : ''}`;
};

/** Every stack of the stage with what it holds, and which deploys before which. */
export function renderArchitecture(f: DocFacts): string {
  const main = stacksOf(f, 'main')[0]!;
  const L: string[] = ['flowchart TB'];
  for (const s of stacksOf(f, 'edge')) L.push(`  subgraph st_edge[${q(stackLabel(s))}]`, `    edgeWaf[${q('WAF web ACL of CloudFront')}]`, `    cert[${q('Certificate')}]`, '  end');
  L.push(
    `  subgraph st_main[${q(stackLabel(main))}]`,
    '    direction TB',
    `    cf[${q('CloudFront, web bucket')}]`,
    `    api[${q('HTTP API, JWT authorizer')}]`,
    `    pool[${q(`Cognito user pool, its WAF, ${plural(f.triggers.length, 'trigger')}`)}]`,
    `    data[(${q(`DynamoDB: ${plural(f.tables.length, 'table')}; documents bucket`)})]`,
    `    more[${q(`Secrets: ${f.secrets.join(', ')}; EventBridge bus; SES configuration set; SNS topics page, ticket`)}]`,
    '    cf ~~~ api ~~~ pool ~~~ data ~~~ more',
    '  end',
  );
  for (const s of stacksOf(f, 'area')) {
    const a = f.areas.find((x) => x.area === s.area)!;
    L.push(`  subgraph st_${a.area}[${q(stackLabel(s))}]`, `    ${areaNode(a)}[${q(areaLabel(a))}]`, '  end');
  }
  for (const s of stacksOf(f, 'jobs')) {
    L.push(
      `  subgraph st_jobs[${q(stackLabel(s))}]`,
      `    jobs[${q(`EventBridge Scheduler, ${plural(f.jobs.length, 'scheduled job')}`)}]`,
      ...(f.mailFeedback ? [`    feedback[${q('SES feedback: SNS topic, mail-feedback')}]`] : []),
      `    pwd[${q('ChangePassword rule, password-changed')}]`,
      '  end',
    );
  }
  for (const s of stacksOf(f, 'watch')) L.push(`  subgraph st_watch[${q(stackLabel(s))}]`, `    alarms[${q('CloudWatch dashboard and alarms')}]`, '  end');
  for (const s of stacksOf(f, 'edgeWatch')) L.push(`  subgraph st_edgewatch[${q(stackLabel(s))}]`, `    cfAlarm[${q('CloudFront alarm, SNS topic')}]`, '  end');
  // Deploy order: what a stack reads from one deployed before it.
  if (stacksOf(f, 'edge').length) L.push('  st_edge --> st_main');
  for (const a of f.areas) L.push(`  st_main --> st_${a.area}`);
  if (stacksOf(f, 'jobs').length) L.push('  st_main --> st_jobs');
  if (stacksOf(f, 'watch').length) L.push(...f.areas.map((a) => `  st_${a.area} --> st_watch`), '  st_jobs --> st_watch');
  if (stacksOf(f, 'edgeWatch').length) L.push('  st_main --> st_edgewatch');
  return fence(L);
}

/** Browser → CloudFront → API → authorizer → the area stacks' functions → what their rows grant; browser → user pool → triggers → users table. */
export function renderRequestPath(f: DocFacts): string {
  const main = stacksOf(f, 'main')[0]!;
  const L: string[] = ['flowchart LR'];
  L.push(`  browser([${q('Browser')}])`);
  L.push(`  subgraph entry[${q(`${main.name}: the way in`)}]`, '    direction TB', `    cf[${q('CloudFront')}]`, `    site[(${q('Web bucket')})]`, `    api[${q('HTTP API')}]`, `    authz{{${q('JWT authorizer')}}}`, '  end');
  L.push(`  subgraph fns[${q('Area stacks: one function per route')}]`, '    direction TB');
  for (const s of stacksOf(f, 'area')) {
    const a = f.areas.find((x) => x.area === s.area)!;
    L.push(`    ${areaNode(a)}[${q(`${s.name}<br/>${areaLabel(a)}`)}]`);
  }
  L.push('  end');
  L.push(
    `  subgraph data[${q(`${main.name}: what the functions use`)}]`,
    '    direction TB',
    `    ddb[(${q(`DynamoDB: ${plural(f.tables.length, 'table')}`)})]`,
    `    docs[(${q('Documents bucket')})]`,
    `    secrets[${q(`Secrets: ${f.secrets.join(', ')}`)}]`,
    `    pool[${q('Cognito user pool')}]`,
    `    triggers[${q(`Cognito triggers:<br/>${f.triggers.map((t) => t.handler.replace('triggers/', '')).join('<br/>')}`)}]`,
    `    ses[${q('SES')}]`,
    `    bus[${q('EventBridge bus')}]`,
    '  end',
  );
  L.push(`  browser --> cf`, '  cf --> site', `  cf -->|${q('/api/*')}| api`, `  api -->|${q('user, admin')}| authz`);
  // The sign-in path: the browser to the pool, the pool's triggers to the users table.
  L.push(`  browser -->|${q('sign-in (SRP)')}| pool`, '  pool --> triggers', '  triggers --> ddb', `  authz -.->|${q('checks tokens of')}| pool`);
  for (const a of f.areas) {
    if (a.signedInRoutes) L.push(`  authz --> ${areaNode(a)}`);
    if (a.publicRoutes) L.push(`  api -.->|${q('public')}| ${areaNode(a)}`);
  }
  for (const a of f.areas) {
    const n = areaNode(a);
    L.push(`  ${n} --> ddb`);
    if (a.bucket) L.push(`  ${n} --> docs`);
    if (a.secrets.length) L.push(`  ${n} --> secrets`);
    if (a.cognito || a.signIn) L.push(`  ${n} --> pool`);
    if (a.mail) L.push(`  ${n} --> ses`);
    if (a.events) L.push(`  ${n} --> bus`);
  }
  return fence(L);
}

/** What runs without a request: schedules, SES feedback, password changes, alarms. */
export function renderBackground(f: DocFacts): string {
  const main = stacksOf(f, 'main')[0]!;
  const L: string[] = ['flowchart LR'];
  for (const s of stacksOf(f, 'jobs')) {
    L.push(`  subgraph st_jobs[${q(stackLabel(s))}]`, '    direction TB', `    scheduler[${q('EventBridge Scheduler')}]`);
    // One node, a line per job: the jobs share their paths (tables, SES).
    L.push(`    scheduled[${q([`${plural(f.jobs.length, 'scheduled job')}:`, ...f.jobs.map((j) => `${j.handler}, ${j.schedule.replace(/ \(.*\)$/, '')}`)].join('<br/>'))}]`);
    if (f.mailFeedback) L.push(`    feedbackTopic[${q('SNS topic')}]`, `    feedback[${q('notifications/mail-feedback')}]`);
    L.push(`    ctRule[${q('EventBridge rule: ChangePassword')}]`, `    pwd[${q(f.passwordChange)}]`, '  end');
  }
  L.push(
    `  subgraph st_main[${q(stackLabel(main))}]`,
    '    direction TB',
    `    ddb[(${q('DynamoDB tables')})]`,
    `    ses[${q('SES configuration set')}]`,
    `    pool[${q('Cognito user pool')}]`,
    `    topics[${q('SNS topics: page, ticket')}]`,
    '  end',
  );
  for (const s of stacksOf(f, 'watch')) L.push(`  subgraph st_watch[${q(stackLabel(s))}]`, `    alarms[${q('CloudWatch alarms: API, functions, tables, sign-in, mail')}]`, '  end');
  for (const s of stacksOf(f, 'edgeWatch')) L.push(`  subgraph st_edgewatch[${q(stackLabel(s))}]`, `    cfAlarm[${q('CloudFront alarm')}]`, `    edgeTopic[${q('SNS topic: page')}]`, '  end');
  if (stacksOf(f, 'jobs').length) {
    L.push('  scheduler --> scheduled', '  scheduled --> ddb', `  scheduled -->|${q('mails')}| ses`);
    if (f.mailFeedback) L.push(`  ses -->|${q('bounces, complaints')}| feedbackTopic`, '  feedbackTopic --> feedback', '  feedback --> ddb');
    L.push(`  pool -.->|${q('ChangePassword, through CloudTrail')}| ctRule`, '  ctRule --> pwd', '  pwd --> ddb', `  pwd -->|${q('global sign-out')}| pool`);
  }
  if (stacksOf(f, 'watch').length) L.push(`  alarms -->|${q('page or ticket')}| topics`);
  if (stacksOf(f, 'edgeWatch').length) L.push('  cfAlarm --> edgeTopic');
  return fence(L);
}

export function renderSignIn(f: DocFacts): string {
  const users = f.tables.find((t) => t.name === 'users')!;
  const pre = f.triggers.find((t) => t.key === 'preTokenGeneration')!;
  const preAccess = f.users.find((u) => u.handler === pre.handler)?.tables.users ?? 'none';
  const L = [
    'sequenceDiagram',
    '  autonumber',
    '  participant B as Browser',
    '  participant CF as CloudFront',
    '  participant P as Cognito user pool',
    `  participant T as ${pre.handler}`,
    `  participant U as users table (${users.def.id})`,
    '  participant A as HTTP API and JWT authorizer',
    '  participant F as Route function',
    '  B->>CF: GET /config.json (pool, web client, region)',
    '  B->>P: InitiateAuth USER_SRP_AUTH (web client)',
    '  P->>T: pre token generation',
    `  T->>U: the account by sub (${preAccess}: GetItem, lastSignInAt)`,
    '  T-->>P: claims BUILDOPS_CUSTOMER_ID, userId',
    '  P-->>B: ID, access and refresh tokens',
    '  B->>A: /api/... with Authorization: Bearer (the ID token)',
    '  A->>A: signature, issuer, audience, expiry',
    '  A->>F: the request with the token claims',
    "  F->>U: the caller's row (tokensValidAfter, scope)",
    '  F-->>B: the answer',
  ];
  return fence(L);
}

export function renderStacks(f: DocFacts): string {
  const what: Record<StackFact['kind'], (s: StackFact) => string> = {
    edge: () => "CloudFront's WAF web ACL and certificate (CloudFront takes them from us-east-1 only)",
    main: () => 'CloudFront and the web bucket, the HTTP API and its JWT authorizer, the Cognito user pool and its triggers, the tables, the documents bucket, the secrets, the EventBridge bus, the SNS alarm topics',
    area: (s) => {
      const a = f.areas.find((x) => x.area === s.area)!;
      return `The functions and routes of lambdas/${a.folders.join('/, lambdas/')}/: ${plural(a.routes.length, 'route')} (${a.publicRoutes} public)`;
    },
    jobs: () => `The scheduled jobs (${f.jobs.map((j) => `${j.handler}, ${j.schedule}`).join('; ')})${f.mailFeedback ? ", SES's bounce and complaint feedback" : ''} and the password-change rule`,
    watch: () => 'The dashboard and the alarms of the stage',
    edgeWatch: () => "CloudFront's alarm (its metrics are in us-east-1)",
  };
  const rows = f.stacks.map((s, i) => `| ${i + 1} | ${code(s.name)} | ${s.region} | ${cell(what[s.kind](s))} |`);
  return ['| Deploy order | Stack | Region | What it holds |', '| --- | --- | --- | --- |', ...rows].join('\n');
}

/** The tables, a few per diagram (an erDiagram of unrelated entities is drawn in one row). */
export function renderTables(f: DocFacts): string {
  const PER_DIAGRAM = 3;
  const out: string[] = [];
  for (let i = 0; i < f.tables.length; i += PER_DIAGRAM) {
    const L = ['erDiagram'];
    for (const { name, def } of f.tables.slice(i, i + PER_DIAGRAM)) {
      const attrs = new Map<string, { type: string; notes: string[]; pk: boolean }>();
      const note = (k: { name: string; type: string }, text: string, pk = false) => {
        const a = attrs.get(k.name) ?? { type: k.type, notes: [], pk: false };
        a.notes.push(text);
        a.pk ||= pk;
        attrs.set(k.name, a);
      };
      note(def.partitionKey, 'partition key', true);
      if (def.sortKey) note(def.sortKey, 'sort key', true);
      for (const ix of def.indexes ?? []) {
        note(ix.partitionKey, `index ${ix.name} partition key`);
        if (ix.sortKey) note(ix.sortKey, `index ${ix.name} sort key`);
      }
      if (def.ttl) note({ name: def.ttl, type: 'N' }, 'TTL (epoch seconds)');
      L.push(`  ${name}[${q(def.id)}] {`);
      for (const [attr, a] of attrs) L.push(`    ${a.type} ${attr}${a.pk ? ' PK' : ''} ${q(a.notes.join(', '))}`);
      L.push('  }');
    }
    out.push(fence(L));
  }
  return out.join('\n\n');
}

const ACCESS_WORD: Record<TableAccess, string> = { read: 'reads', write: 'writes', append: 'appends' };

export function renderTableAccess(f: DocFacts): string {
  const rows: string[] = ['| Table (code name) | Keys | Written by | Only read by |', '| --- | --- | --- | --- |'];
  for (const { name, def } of f.tables) {
    const keys = [def.partitionKey.name, def.sortKey?.name].filter(Boolean).join(' + ');
    const who = (u: (typeof f.users)[number]) => `${code(u.handler)}${u.legacy ? ' (legacy)' : ''}${u.by.includes(' /') ? '' : ` (${u.by})`}`;
    const users = f.users.filter((u) => u.tables[name as TableName]);
    const writers = users.filter((u) => u.tables[name] !== 'read').map((u) => `${who(u)}${u.tables[name] === 'append' ? ' appends' : ''}`);
    const readers = users.filter((u) => u.tables[name] === 'read');
    // Every route of an area only reading it: said once for the area.
    const readCells: string[] = [];
    const seen = new Set<string>();
    for (const a of f.areas) {
      const all = a.routes.length > 1 && a.routes.every((r) => readers.some((u) => u.by === `${r.method} ${r.path}`));
      if (!all) continue;
      readCells.push(`every ${a.area} route (${a.routes.length})`);
      for (const r of a.routes) seen.add(`${r.method} ${r.path}`);
    }
    readCells.push(...readers.filter((u) => !seen.has(u.by)).map(who));
    const none = '(none)';
    rows.push(`| ${code(def.id)} (${name}) | ${keys} | ${cell(writers.join(', ') || none)} | ${cell(readCells.join(', ') || none)} |`);
  }
  const verbs = Object.entries(ACCESS_WORD)
    .map(([k, v]) => `${code(k)} ${v}`)
    .join(', ');
  return [...rows, '', `Grants as declared (${verbs}; a write includes reading). A route's function is named by its handler file under lambdas/.`].join('\n');
}

/** A JSON schema in a few words: `string`, `"a" or "b"`, `object[]`. */
function typeOf(s: Json | undefined): string {
  if (!s) return 'any';
  if (typeof s.$ref === 'string') return s.$ref.split('/').pop()!;
  if ('const' in s) return JSON.stringify(s.const);
  if (Array.isArray(s.enum)) return s.enum.map((v) => JSON.stringify(v)).join(' or ');
  const alts = (s.anyOf ?? s.oneOf) as Json[] | undefined;
  if (alts) return [...new Set(alts.map(typeOf))].join(' or ');
  if (s.type === 'array') return `${typeOf(s.items as Json | undefined)}[]`;
  if (Array.isArray(s.type)) return s.type.join(' or ');
  if (typeof s.type === 'string') return s.contentMediaType ? `file (${String(s.contentMediaType)})` : s.type;
  return 'any';
}

/** The fields of an object schema (or of the object in an array, or of each alternative). */
function fieldsOf(s: Json | undefined): { name: string; type: string; required: boolean; description?: string }[] {
  if (!s) return [];
  if (s.type === 'array') return fieldsOf(s.items as Json | undefined);
  const alts = (s.anyOf ?? s.oneOf) as Json[] | undefined;
  if (alts && !s.properties) {
    const seen = new Map<string, { name: string; type: string; required: boolean; description?: string }>();
    for (const alt of alts) for (const fl of fieldsOf(alt)) if (!seen.has(fl.name)) seen.set(fl.name, { ...fl, required: false });
    return [...seen.values()];
  }
  const required = new Set((s.required ?? []) as string[]);
  return Object.entries((s.properties ?? {}) as Record<string, Json>).map(([name, p]) => ({
    name,
    type: typeOf(p),
    required: required.has(name),
    ...(typeof p.description === 'string' ? { description: p.description } : {}),
  }));
}

const words = (id: string, tag: string) => {
  const rest = id.startsWith(tag) ? id.slice(tag.length) : id;
  const w = rest.replace(/([A-Z])/g, ' $1').trim().toLowerCase();
  return w.charAt(0).toUpperCase() + w.slice(1);
};

export function renderApi(f: DocFacts): string {
  const doc = f.openapi as { paths: Record<string, Record<string, Json>>; tags: { name: string }[]; components: { securitySchemes: Record<string, { description?: string }> } };
  const ops = Object.entries(doc.paths).flatMap(([p, byMethod]) => Object.entries(byMethod).map(([m, op]) => ({ path: p, method: m.toUpperCase(), op })));
  const out: string[] = [];
  const count = ops.length;
  const legacy = ops.filter((o) => o.op['x-portal-legacy']).length;
  out.push(`${plural(count, 'operation')} (${legacy} of them legacy forms), by the folder of their handler under lambdas/.`, '');
  out.push('| Folder | Operations |', '| --- | --- |');
  for (const { name } of doc.tags) {
    const mine = ops.filter((o) => (o.op.tags as string[])[0] === name);
    out.push(`| [${name}](#${name}) | ${mine.map((o) => code(`${o.method} ${o.path}`)).join(', ')} |`);
  }
  for (const { name } of doc.tags) {
    out.push('', `## ${name}`);
    for (const { path, method, op } of ops.filter((o) => (o.op.tags as string[])[0] === name)) {
      const key = `${method} ${path}`;
      const route = routesByKey.get(key);
      const access = op['x-portal-access'] as string;
      const security = (op.security ?? []) as Record<string, unknown>[];
      const summary = typeof op.summary === 'string' ? op.summary : words(op.operationId as string, name);
      out.push('', `### ${code(key)}`, '');
      // A public route with a security scheme in the document: the handler checks that credential.
      const schemes = security.flatMap((s) => Object.keys(s)).map((name) => `${code(name)} ("${doc.components.securitySchemes[name]?.description ?? ''}")`);
      const who =
        access === 'public'
          ? schemes.length
            ? `public (no Cognito sign-in; the document's security scheme ${schemes.join(', ')})`
            : 'public (no sign-in)'
          : access === 'admin'
            ? `admin (staff only${route?.denied ? `: "Only administrators may ${route.denied}."` : ''})`
            : 'user (any signed-in user, within their scope)';
      out.push(`${summary.replace(/[.]$/, '')}. Who may call it: ${who}. Handler: ${code(`lambdas/${route?.handler ?? '?'}.ts`)}.`);
      const lg = op['x-portal-legacy'] as { form: string; replacedBy: string[]; until: string } | undefined;
      if (lg) {
        const instead = lg.replacedBy.map(code).join(', ');
        out.push(
          '',
          lg.form === 'route'
            ? `**Legacy** (deprecated, removed in the ${lg.until}): kept for the previous release's web app; use ${instead}.`
            : `**Legacy form** (until the ${lg.until}): also answers the previous release's bodies with an \`action\` field; use ${instead}.`,
        );
      }
      const params = (op.parameters ?? []) as { name: string; in: string; required: boolean; schema: Json }[];
      const body = op.requestBody as { content: Record<string, { schema: Json }> } | undefined;
      const bodyType = body && Object.keys(body.content)[0]!;
      const bodyFields = body ? fieldsOf(body.content[bodyType!]!.schema) : [];
      if (params.length || bodyFields.length) {
        out.push('', '| In | Field | Type | Required |', '| --- | --- | --- | --- |');
        for (const p of params) out.push(`| ${p.in} | ${code(p.name)} | ${cell(typeOf(p.schema))} | ${p.required ? 'yes' : 'no'} |`);
        for (const fl of bodyFields) out.push(`| body (${bodyType}) | ${code(fl.name)} | ${cell(fl.type)} | ${fl.required ? 'yes' : 'no'} |`);
      } else if (body) {
        out.push('', `Body: ${bodyType}.`);
      }
      const responses = op.responses as Record<string, Json>;
      const answers: string[] = [];
      const errors: string[] = [];
      for (const [status, r] of Object.entries(responses)) {
        const ref = typeof r.$ref === 'string' ? r.$ref.split('/').pop()! : undefined;
        if (ref) {
          errors.push(`${status} ${ref}`);
          continue;
        }
        const content = r.content as Record<string, { schema: Json }> | undefined;
        const [type, media] = content ? Object.entries(content)[0]! : [undefined, undefined];
        const fields = media ? fieldsOf(media.schema) : [];
        const shape = !media ? 'no schema in the document' : fields.length ? `${media.schema.type === 'array' ? `a list (${type}) of objects` : type} with ${fields.map((x) => code(x.name)).join(', ')}` : `${type} (${typeOf(media.schema)})`;
        answers.push(`${status}: ${shape}`);
      }
      out.push('', `Answers: ${cell(answers.join('; '))}. Errors: ${errors.join(', ') || 'none'}.`);
    }
  }
  return out.join('\n');
}

export function renderAll(f: DocFacts): Rendered {
  return {
    'docs/architecture.md': {
      architecture: renderArchitecture(f),
      stacks: renderStacks(f),
      'request-path': renderRequestPath(f),
      'sign-in': renderSignIn(f),
      background: renderBackground(f),
    },
    'docs/data-model.md': { tables: renderTables(f), 'table-access': renderTableAccess(f) },
    'docs/api.md': { api: renderApi(f) },
  };
}
