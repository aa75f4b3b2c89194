/**
 * The home screen's code that loads after it: its dialogs and the telemetry dashboard (charts), each
 * on first use or when prefetched (`.preload()`), outside the home screen's first load. Drawn at once
 * when prefetched (lib/preloadable.tsx: React.lazy alone waited about 300 ms after the click).
 */
import type { QueryClient } from '@tanstack/react-query';
import { preloadable } from '../../lib/preloadable';

export const DocumentsDialog = preloadable(() => import('../../features/documents').then((m) => m.DocumentsDialog));
export const CreateUserDialog = preloadable(() => import('../../features/users').then((m) => m.CreateUserDialog));
export const EditUserDialog = preloadable(() => import('../../features/users').then((m) => m.EditUserDialog));
export const UserListDialog = preloadable(() => import('../../features/users').then((m) => m.UserListDialog));
export const RequestServiceDialog = preloadable(() => import('../../features/requests').then((m) => m.RequestServiceDialog));
export const RequestsDialog = preloadable(() => import('../../features/requests').then((m) => m.RequestsDialog));
export const NotificationsDialog = preloadable(() => import('../../features/notifications').then((m) => m.NotificationsDialog));
export const CalendarFeedDialog = preloadable(() => import('../../features/visits/calendar').then((m) => m.CalendarFeedDialog));
export const DecisionsDialog = preloadable(() => import('../../features/quotes/decisions').then((m) => m.DecisionsDialog));
export const ChangePasswordDialog = preloadable(() => import('../../features/auth/components/change-password-dialog').then((m) => m.ChangePasswordDialog));
const telemetryModule = () => import('../../features/telemetry');
export const TelemetryDashboard = preloadable(() => telemetryModule().then((m) => m.TelemetryDashboard));

/** A prefetch that fails costs nothing: the first use loads the code again (and says so if it fails). */
export const quietly = (p: Promise<unknown>) => void p.catch(() => {});

/** What the telemetry dashboard reads first, fetched ahead with its code (features/telemetry/prefetch.ts). */
export const prefetchAnalytics = (client: QueryClient, customerId: string, what: 'rows' | 'devices') =>
  quietly(telemetryModule().then((m) => m.prefetchDashboard(client, customerId, what)));

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
  for (const d of isAdmin ? [RequestServiceDialog, RequestsDialog, CreateUserDialog, EditUserDialog, UserListDialog] : [RequestServiceDialog, RequestsDialog, NotificationsDialog]) quietly(d.preload());
}
