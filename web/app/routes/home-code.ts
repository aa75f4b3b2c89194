/**
 * The home screen's code that loads after it: its dialogs and the telemetry dashboard (charts), each
 * on first use or when prefetched, outside the home screen's first load. Drawn at once when
 * prefetched (lib/preloadable.tsx: React.lazy alone waited about 300 ms after the click).
 */
import { preloadable } from '../../lib/preloadable';

export const documents = preloadable(() => import('../../features/documents').then((m) => m.DocumentsDialog));
const createUser = preloadable(() => import('../../features/users').then((m) => m.CreateUserDialog));
const editUser = preloadable(() => import('../../features/users').then((m) => m.EditUserDialog));
const userList = preloadable(() => import('../../features/users').then((m) => m.UserListDialog));
const requestService = preloadable(() => import('../../features/requests').then((m) => m.RequestServiceDialog));
const requests = preloadable(() => import('../../features/requests').then((m) => m.RequestsDialog));
const notifications = preloadable(() => import('../../features/notifications').then((m) => m.NotificationsDialog));
const calendarFeed = preloadable(() => import('../../features/visits/calendar').then((m) => m.CalendarFeedDialog));
const decisions = preloadable(() => import('../../features/quotes/decisions').then((m) => m.DecisionsDialog));
const changePassword = preloadable(() => import('../../features/auth/components/change-password-dialog').then((m) => m.ChangePasswordDialog));
export const telemetryModule = () => import('../../features/telemetry');
export const telemetryDashboard = preloadable(() => telemetryModule().then((m) => m.TelemetryDashboard));
export const DocumentsDialog = documents.Component;
export const CreateUserDialog = createUser.Component;
export const EditUserDialog = editUser.Component;
export const UserListDialog = userList.Component;
export const RequestServiceDialog = requestService.Component;
export const RequestsDialog = requests.Component;
export const NotificationsDialog = notifications.Component;
export const CalendarFeedDialog = calendarFeed.Component;
export const DecisionsDialog = decisions.Component;
export const ChangePasswordDialog = changePassword.Component;
export const TelemetryDashboard = telemetryDashboard.Component;
/** A prefetch that fails costs nothing: the first use loads the code again (and says so if it fails). */
export const quietly = (p: Promise<unknown>) => void p.catch(() => {});

/**
 * The other dialogs people open most, fetched once the home screen has been quiet this long after its
 * panels started (so not part of its first load, which README's budget counts): opening one then waits on
 * no download (0.8-0.9 s on a first open before). The documents dialog's code, the one a customer
 * opens first, is fetched as soon as the first frame is drawn: a click on Documents right after the
 * report shows waited 0.2-0.3 s on it (issue 42).
 */
export const PREFETCH_AFTER_MS = 2000;
/** The dialogs a customer (or an administrator) opens most, after the Documents dialog. */
export function prefetchDialogs(isAdmin: boolean) {
  for (const d of isAdmin ? [requestService, requests, createUser, editUser, userList] : [requestService, requests, notifications]) quietly(d.preload());
}
