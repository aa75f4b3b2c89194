/** Amazon SES mocked for the handler tests: every SendEmail succeeds (after `reset`) and is kept as a mail. */
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';

export function fakeSes() {
  const ses = mockClient(SESv2Client);
  return {
    /** The mock, for a test that makes SES fail (`ses.on(SendEmailCommand).rejects(...)`). */
    ses,
    reset() {
      ses.reset();
      ses.on(SendEmailCommand).resolves({ MessageId: 'm' });
    },
    restore: () => ses.restore(),
    /** The mails sent so far, oldest first. */
    mails: () =>
      ses.commandCalls(SendEmailCommand).map((c) => ({
        to: c.args[0].input.Destination!.ToAddresses![0]!,
        subject: c.args[0].input.Content!.Simple!.Subject!.Data!,
        text: c.args[0].input.Content!.Simple!.Body!.Text!.Data!,
        headers: c.args[0].input.Content!.Simple!.Headers ?? [],
      })),
  };
}
