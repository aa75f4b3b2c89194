/**
 * Whether a password change can end the user's other sessions: the jobs stack's EventBridge rule
 * on Cognito's `ChangePassword` (infra/password-change-construct.ts) only ever fires where a
 * CloudTrail trail logs management events, write events included, in the stage's account and
 * region (EventBridge receives "AWS API Call via CloudTrail" events only then:
 * https://docs.aws.amazon.com/eventbridge/latest/userguide/eb-service-event-cloudtrail.html).
 * The stage makes no trail (an account usually has one, often its organisation's).
 *
 * The deploy's preflight stops without one, and the smoke test reports it. CloudTrail is asked
 * through the AWS CLI (`aws cloudtrail ...`, as the docs' other AWS steps are): the project has no
 * CloudTrail SDK client. `readTrails` takes the call as a function, so tests give it answers.
 */
import { execFile } from 'node:child_process';

interface FieldSelector {
  Field: string;
  Equals?: string[];
  NotEquals?: string[];
  StartsWith?: string[];
  NotStartsWith?: string[];
  EndsWith?: string[];
  NotEndsWith?: string[];
}

export interface TrailInfo {
  Name?: string;
  TrailARN?: string;
  HomeRegion?: string;
  IsMultiRegionTrail?: boolean;
  IsOrganizationTrail?: boolean;
}

export interface TrailSelectors {
  EventSelectors?: { ReadWriteType?: string; IncludeManagementEvents?: boolean }[];
  AdvancedEventSelectors?: { Name?: string; FieldSelectors: FieldSelector[] }[];
}

/** What CloudTrail answered, per trail that covers the region (or why it could not be read). */
export interface TrailAnswers {
  trails: TrailInfo[];
  status: Record<string, { IsLogging?: boolean } | { error: string }>;
  selectors: Record<string, TrailSelectors | { error: string }>;
}

/** The event source of Cognito user pools' API calls (ChangePassword among them). */
const COGNITO = 'cognito-idp.amazonaws.com';

const covers = (t: TrailInfo, region: string) => t.IsMultiRegionTrail === true || t.HomeRegion === region;
const key = (t: TrailInfo) => t.TrailARN ?? t.Name ?? '';

/** An advanced selector that takes Cognito's management write events. */
function advancedTakesWrites(fields: FieldSelector[]): boolean {
  const field = (name: string) => fields.filter((f) => f.Field === name);
  const category = field('eventCategory');
  if (!category.some((f) => f.Equals?.includes('Management'))) return false;
  for (const f of field('readOnly')) if (f.Equals?.includes('true') && !f.Equals.includes('false')) return false;
  for (const f of field('eventSource')) {
    if (f.Equals && !f.Equals.includes(COGNITO)) return false;
    if (f.NotEquals?.includes(COGNITO)) return false;
    // Prefix and suffix matches are not worked out here: not taken as proof.
    if (f.StartsWith || f.NotStartsWith || f.EndsWith || f.NotEndsWith) return false;
  }
  return true;
}

/** Whether a trail's selectors log management events with writes (ChangePassword is a write). */
export function logsManagementWrites(s: TrailSelectors): boolean {
  if (s.AdvancedEventSelectors?.length) return s.AdvancedEventSelectors.some((a) => advancedTakesWrites(a.FieldSelectors));
  return (s.EventSelectors ?? []).some((e) => e.IncludeManagementEvents !== false && (e.ReadWriteType ?? 'All') !== 'ReadOnly');
}

export type TrailVerdict = { ok: true; trail: string; message: string } | { ok: false; message: string };

/** Whether some trail logs management write events in `region`, from CloudTrail's answers. */
export function checkTrail(region: string, a: TrailAnswers): TrailVerdict {
  const covering = a.trails.filter((t) => covers(t, region));
  const notes: string[] = [];
  for (const t of covering) {
    const name = `${t.Name ?? key(t)}${t.IsOrganizationTrail ? ' (organisation trail)' : ''}`;
    const status = a.status[key(t)];
    const selectors = a.selectors[key(t)];
    if (!status || 'error' in status) {
      notes.push(`${name}: its status could not be read${status && 'error' in status ? ` (${status.error})` : ''}`);
      continue;
    }
    if (!status.IsLogging) {
      notes.push(`${name}: logging is stopped`);
      continue;
    }
    if (!selectors || 'error' in selectors) {
      notes.push(`${name}: its event selectors could not be read${selectors && 'error' in selectors ? ` (${selectors.error})` : ''}`);
      continue;
    }
    if (!logsManagementWrites(selectors)) {
      notes.push(`${name}: does not log management write events (event selectors)`);
      continue;
    }
    return { ok: true, trail: name, message: `CloudTrail: trail ${name} logs management events in ${region}, so a password change ends the user's other sessions.` };
  }
  return {
    ok: false,
    message: [
      `CloudTrail: no trail logs management write events in ${region}${notes.length ? ` (${notes.join('; ')})` : covering.length ? '' : ': none covers the region'}.`,
      'Without one the ChangePassword rule never fires, and a password change leaves the other sessions open.',
      `Make one (docs/deploying.md "A new stage, first deploy"): a multi-region trail with management events, read and write, then start its logging; or have the organisation's trail cover this account and ${region}.`,
    ].join('\n'),
  };
}

/** Runs `aws <args>` and gives its JSON answer. */
export type AwsCall = (args: string[]) => Promise<unknown>;

const message = (e: unknown) => (e instanceof Error ? e.message : String(e)).split('\n').find((l) => l.trim())?.trim() ?? String(e);

/** CloudTrail's answers for `region`: the trails, and each covering trail's status and event selectors. */
export async function readTrails(region: string, aws: AwsCall): Promise<TrailAnswers> {
  const listed = (await aws(['cloudtrail', 'describe-trails', '--include-shadow-trails', '--region', region])) as { trailList?: TrailInfo[] };
  const trails = listed.trailList ?? [];
  const out: TrailAnswers = { trails, status: {}, selectors: {} };
  for (const t of trails.filter((x) => covers(x, region))) {
    const id = key(t);
    try {
      out.status[id] = (await aws(['cloudtrail', 'get-trail-status', '--name', id, '--region', region])) as { IsLogging?: boolean };
    } catch (e) {
      out.status[id] = { error: message(e) };
    }
    try {
      out.selectors[id] = (await aws(['cloudtrail', 'get-event-selectors', '--trail-name', id, '--region', region])) as TrailSelectors;
    } catch (e) {
      out.selectors[id] = { error: message(e) };
    }
  }
  return out;
}

/** The AWS CLI on this machine, with the credentials and profile of the environment. */
export const awsCli: AwsCall = (args) =>
  new Promise((resolve, reject) => {
    execFile('aws', [...args, '--output', 'json'], { maxBuffer: 10 * 1024 * 1024 }, (err, stdout, stderr) => {
      if ((err as NodeJS.ErrnoException | null)?.code === 'ENOENT') reject(new Error('the AWS CLI (aws) is not installed: install AWS CLI v2 to let the deploy check CloudTrail'));
      else if (err) reject(new Error(stderr.trim() || err.message));
      else {
        try {
          resolve(JSON.parse(stdout || '{}'));
        } catch {
          reject(new Error(`aws ${args.slice(0, 2).join(' ')} did not answer JSON`));
        }
      }
    });
  });
