// Being written (issue 20): a property's alert thresholds.
import type { z } from '../zod.js';
import type { SetThresholdsBody, ThresholdsBody } from '../contract/alerts.js';
import type { Reply } from '../http.js';
import type { Scope } from '../scope.js';

export async function getThresholds(_caller: Scope, _body: z.output<typeof ThresholdsBody>): Promise<Reply> {
  throw new Error('not built yet');
}
export async function setThresholds(_caller: Scope, _body: z.output<typeof SetThresholdsBody>): Promise<Reply> {
  throw new Error('not built yet');
}
