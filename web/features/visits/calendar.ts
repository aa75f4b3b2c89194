// The user menu's calendar feed dialog (issue 30), a chunk of its own loaded when first opened.
export { CalendarFeedDialog } from './components/calendar-feed-dialog';
export type { CalendarFeedDialogProps } from './components/calendar-feed-dialog';
