/**
 * Cognito custom-message trigger: the invitation (AdminCreateUser) and the reset-code mail
 * (ForgotPassword) in the portal's words, naming the stage's product. Cognito fills in `{####}`
 * (the temporary password or the code) and `{username}`; the invitation must carry both, each
 * once (the local pool replaces only the first of each). With email as the sign-in name the user
 * name is Cognito's internal id, which means nothing to people: it rides in the registration
 * link's fragment (`ref=`), which the web app ignores and no server sees. The links carry the email
 * in their fragment too, so the page opens with it filled in. Names are stored lower-cased (the
 * spec); the greeting writes them the way people do. One product name throughout: '<product>
 * Reporting', as the site's footer. No AWS call and no network: it answers within Cognito's 5 s
 * wait in the time it takes to format two strings.
 */
import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { settings } from '../shared/platform/env.js';
import { greetingName, productTitle } from '../shared/platform/mail-text.js';

export { greetingName };

export const handler = async (event: CustomMessageTriggerEvent): Promise<CustomMessageTriggerEvent> => {
  const product = productTitle();
  const email = event.request.userAttributes.email ?? '';
  const name = greetingName(event.request.userAttributes.name || email);
  const withEmail = (page: string, extra = '') => `${settings.publicUrl()}/${page}#email=${encodeURIComponent(email)}${extra}`;
  const { codeParameter, usernameParameter } = event.request;
  if (event.triggerSource === 'CustomMessage_AdminCreateUser') {
    event.response.emailSubject = `Your ${product} account`;
    event.response.emailMessage = [
      `Hello ${name},`,
      '',
      `An account has been created for you on ${product}; you sign in with your email address.`,
      'Your temporary password is:',
      '',
      codeParameter,
      '',
      'Set your own password with your email and this temporary password at',
      withEmail('user-registration', `&ref=${usernameParameter ?? '{username}'}`),
      'The temporary password works for 7 days and only on that page.',
    ].join('\n');
  } else if (event.triggerSource === 'CustomMessage_ForgotPassword') {
    event.response.emailSubject = `${product} password reset code`;
    event.response.emailMessage = [
      `Hello ${name},`,
      '',
      `Someone asked to reset the password of your ${product} account.`,
      'Your reset code is:',
      '',
      codeParameter,
      '',
      'Enter it within 1 hour at',
      withEmail('reset-password'),
      'If you did not ask for this, you can ignore this mail; your password stays as it is.',
    ].join('\n');
  }
  return event;
};
