/** Query keys of the notifications feature, in one place. */
export const notificationKeys = {
  all: ['notifications'] as const,
  settings: ['notifications', 'settings'] as const,
};
