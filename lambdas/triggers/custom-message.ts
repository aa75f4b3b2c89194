/**
 * Cognito custom-message trigger: the invitation (AdminCreateUser) and the reset-code mail
 * (ForgotPassword) in the portal's words, naming the stage's product. Cognito fills in `{####}`
 * (the temporary password or the code) and `{username}`; the invitation must carry both, each
 * once (the local pool replaces only the first of each). With email as the sign-in name the user
 * name is Cognito's internal id, so it is shown only as a reference.
 */
import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { settings } from '../shared/env.js';

export const handler = async (event: CustomMessageTriggerEvent): Promise<CustomMessageTriggerEvent> => {
  const product = settings.productName();
  const name = event.request.userAttributes.name || event.request.userAttributes.email || '';
  const { codeParameter, usernameParameter } = event.request;
  if (event.triggerSource === 'CustomMessage_AdminCreateUser') {
    event.response.emailSubject = `Your ${product} Reporting account`;
    event.response.emailMessage = [
      `Hello ${name},`,
      '',
      `An account has been created for you on ${product} Reporting; you sign in with your email address.`,
      'Your temporary password is:',
      '',
      codeParameter,
      '',
      `Set your own password at ${settings.publicUrl()}/user-registration with your email and this temporary password.`,
      'The temporary password works for 7 days and only on that page.',
      '',
      `Account reference: ${usernameParameter ?? '{username}'}`,
    ].join('\n');
  } else if (event.triggerSource === 'CustomMessage_ForgotPassword') {
    event.response.emailSubject = `${product} password reset code`;
    event.response.emailMessage = [
      `Hello ${name},`,
      '',
      `Someone asked to reset the password of your ${product} Reporting account.`,
      'Your reset code is:',
      '',
      codeParameter,
      '',
      `Enter it at ${settings.publicUrl()}/reset-password within 1 hour.`,
      'If you did not ask for this, you can ignore this mail; your password stays as it is.',
    ].join('\n');
  }
  return event;
};
