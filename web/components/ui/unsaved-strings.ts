/** The question a dialog with unsaved changes asks before it closes them away. */
export const unsavedText = {
  title: 'Discard unsaved changes?',
  text: 'You changed this user and did not save. Leave without saving, and the changes are lost.',
  discard: 'Discard changes',
  keep: 'Keep editing',
} as const;
