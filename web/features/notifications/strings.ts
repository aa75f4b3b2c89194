/** Every user-visible text of the Notifications panel and the unsubscribe page (beyond the spec: issue 20). */
export { topicTitles } from '../../../lambdas/shared/contract/answers/notifications.js';

export const notificationsText = {
  // The user menu's panel
  title: 'Notifications',
  close: 'Close',
  cancel: 'Cancel',
  save: 'Save',
  saving: 'Saving...',
  loading: 'Loading your notification settings...',
  loadFailed: 'Unable to load your notification settings. Please try again.',
  saveFailed: 'Your notification settings could not be saved. Please try again.',
  topicsLabel: 'Mail me about',
  mailsGoTo: (email: string) => `Mails go to ${email}.`,
  suppressed: (email: string) =>
    `Mail to ${email} bounced or was marked as spam, so none is sent to it. Please ask your service provider to check your email address.`,
  // The unsubscribe page
  unsubscribeHeading: 'Unsubscribe',
  stopMails: (topic: string, email: string) => `Stop mails about ${topic} to ${email}?`,
  stopMailsUnknown: 'Stop the mails this link was sent with?',
  unsubscribe: 'Unsubscribe',
  unsubscribing: 'Unsubscribing...',
  invalidLink: 'This unsubscribe link is not valid',
  unsubscribeFailed: 'Unable to unsubscribe right now. Please try again later.',
  toLogIn: 'Log In',
} as const;
