/**
 * "Add to calendar" for the calendar feed: the feed's address as each calendar app subscribes to it.
 * - webcal: the address with its scheme replaced (webcal:// opens the device's calendar app: Apple
 *   Calendar, Outlook for Windows and Mac);
 * - Google Calendar: https://calendar.google.com/calendar/r?cid= and the webcal:// address, encoded;
 * - Outlook on the web: https://outlook.live.com/calendar/0/addfromweb?url= and the https:// address,
 *   encoded, with &name= the calendar's name.
 */
export interface CalendarLinks {
  webcal: string;
  google: string;
  outlook: string;
}

export function calendarLinks(feedUrl: string, name: string): CalendarLinks {
  const webcal = feedUrl.replace(/^https?:\/\//i, 'webcal://');
  return {
    webcal,
    google: `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcal)}`,
    outlook: `https://outlook.live.com/calendar/0/addfromweb?url=${encodeURIComponent(feedUrl)}&name=${encodeURIComponent(name)}`,
  };
}
