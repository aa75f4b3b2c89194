/**
 * Events the portal puts on the stage's EventBridge bus (infra/events-construct.ts): today
 * `portal.quote.decided`. The client takes its endpoint from the SDK's standard variables as every
 * client does (locally AWS_ENDPOINT_URL_EVENTBRIDGE points at the stack's stand-in, which writes
 * each event to DATA_DIR/events). A function without EVENT_BUS_NAME puts nothing (a warning is
 * logged); an entry EventBridge refuses is thrown.
 */
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { apiBudget, watched } from './clients.js';
import { log } from './log.js';
import { traced } from './observability.js';

let client: EventBridgeClient | undefined;
const bus = () => (client ??= traced(watched(new EventBridgeClient(apiBudget()))));

export const eventSettings = {
  busName: () => process.env.EVENT_BUS_NAME || '',
  /** `portal.<stage>`. */
  source: () => process.env.EVENT_SOURCE || 'portal',
};

/** Puts one event on the stage's bus; false when the function has no bus. */
export async function putEvent(detailType: string, detail: object): Promise<boolean> {
  const EventBusName = eventSettings.busName();
  if (!EventBusName) {
    log.warn('event not put: the function has no event bus', { detailType });
    return false;
  }
  const r = await bus().send(new PutEventsCommand({ Entries: [{ EventBusName, Source: eventSettings.source(), DetailType: detailType, Detail: JSON.stringify(detail) }] }));
  if (r.FailedEntryCount) throw new Error(`EventBridge refused the event: ${r.Entries?.[0]?.ErrorCode ?? ''} ${r.Entries?.[0]?.ErrorMessage ?? ''}`);
  return true;
}
