import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { SiteFooter } from '../../components/ui/site-footer';
import { ANALYTICS_REPORT_NAME, COMING_UP_REPORT_NAMES, QUOTES_REPORT_NAME } from '../../config/constants';
import { IdleSignOut } from '../../features/auth/components/idle-sign-out';
import {
  NoAssignments,
  PeriodFilter,
  periodFromSearch,
  PropertyFilter,
  propertyFilterStrings,
  ReportFrames,
  searchWithPeriod,
  type Period,
  type PropertyOption,
} from '../../features/reports';
import {
  AppHeader,
  BuildIcon,
  defaultReport,
  headerCustomerText,
  ReportSidebar,
  shellStrings,
  useReports,
  useTelemetryCustomer,
  useUserCustomers,
  useUserProperties,
  type Report,
} from '../../features/shell';
import { requestsText } from '../../features/requests/strings';
import { SelectUserView, useViewAs, ViewingAsBanner } from '../../features/view-as';
import { DecisionsIcon, QuotesPanel, quotesText } from '../../features/quotes';
import { ComingUp } from '../../features/visits';
import type { OpenedRecord, RecordKind } from '../../embed/protocol';
import { invoicePath, openedFrom, workOrderPath } from '../../features/work-orders/paths';
import { usePublicConfig } from '../../lib/public-config';
import { useSession, type Session } from '../../lib/session';
import { useAlertCount } from '../../features/telemetry/api/get-alerts';
import { analyticsSeenBy, noteAnalyticsSeen, type SignOutReason } from '../../lib/session-storage';
import { paths } from '../paths';
import { useReportPropertyOptions } from './report-property-options';
import {
  CalendarFeedDialog,
  ChangePasswordDialog,
  CreateUserDialog,
  DecisionsDialog,
  DocumentsDialog,
  EditUserDialog,
  NotificationsDialog,
  prefetchAnalytics,
  PREFETCH_AFTER_MS,
  prefetchDialogs,
  quietly,
  RequestsDialog,
  RequestServiceDialog,
  TelemetryDashboard,
  UserListDialog,
} from './home-code';

/** The longest the panels beside the report wait for its first frame to be drawn (issue 42). */
const PANELS_AFTER_MS = 10_000;

type DialogName = 'documents' | 'createUser' | 'editUser' | 'userList' | 'requestService' | 'requests' | 'notifications' | 'calendarFeed' | 'changePassword' | 'quoteDecisions';

/** The main portal: sidebar, header, the chosen report, the dialogs, idle sign-out and "view as". */
export default function HomeRoute() {
  const { session, signOut } = useSession();
  // The route is only mounted with a session (see app.tsx).
  return session ? <Home session={session} onSignOut={signOut} /> : null;
}

function Home({ session, onSignOut }: { session: Session; onSignOut(reason?: SignOutReason): void }) {
  const config = usePublicConfig();
  const { isAdmin } = session;
  const viewAs = useViewAs();
  const viewedEmail = isAdmin ? viewAs.viewedEmail : null;
  const email = viewedEmail ?? session.claims.email;

  const reportsQuery = useReports();
  const reports = reportsQuery.data ?? [];
  const profile = useUserProperties(email);
  const customers = useUserCustomers(email);
  const customerIds = profile.data?.BUILDOPS_CUSTOMER_ID ?? (viewedEmail ? [] : session.claims.BUILDOPS_CUSTOMER_ID);
  // The mapping is asked for only where usercustomerbyemail says there is one (an unmapped
  // customer's 404 would otherwise be logged on every load); an answer without the flag asks anyway.
  const firstCustomer = customerIds[0] ?? null;
  const mappedFlags = customers.data?.TELEMETRY_MAPPED;
  const telemetryMapped = !!firstCustomer && !!customers.data && (mappedFlags ? mappedFlags[customers.data.BUILDOPS_CUSTOMER_ID.indexOf(firstCustomer)] === true : true);

  // The chosen report is in the address (/home/<id>): reload, Back and Forward keep to it; /home is the default.
  const { reportId } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const reportsLoaded = reportsQuery.isSuccess;
  const selected = reports.find((r) => r.id === reportId) ?? defaultReport(reports);
  // Analytics' NEW badge retires once the signed-in user has opened it (per user, in this browser).
  const signedInEmail = session.claims.email;
  const [analyticsSeen, setAnalyticsSeen] = useState(() => analyticsSeenBy(signedInEmail));
  const onAnalytics = selected?.name === ANALYTICS_REPORT_NAME;
  // Issue 42: the telemetry mapping and the alerts badge are asked for once the first report frame
  // is drawn, never in front of it; at most PANELS_AFTER_MS after the screen showed if no frame says
  // so. On Analytics the mapping decides what is drawn (the dashboard or the frames), so nothing
  // waits there. Coming up and the quotes panel sit above the frame: they are asked beside the
  // frame's call (the frame never waits on them), so they fill in without pushing a drawn report down.
  const [frameDrawn, setFrameDrawn] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setFrameDrawn(true), PANELS_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, []);
  const panelsReady = frameDrawn || onAnalytics;
  const telemetry = useTelemetryCustomer(telemetryMapped && panelsReady ? firstCustomer : null);
  // Beyond the spec: the Analytics page's alerts (its customer's), counted where the user lands.
  const alerts = useAlertCount(telemetryMapped && panelsReady ? firstCustomer : null);
  useEffect(() => {
    if (!onAnalytics) return;
    noteAnalyticsSeen(signedInEmail);
    setAnalyticsSeen(true);
  }, [onAnalytics, signedInEmail]);

  // Beyond the spec: one of the viewed user's properties, in the address too (?property=<id>), kept
  // when another report is chosen; an id that is not theirs (another user's link, a change of
  // view) is dropped from the address.
  const [searchParams] = useSearchParams();
  const propertyParam = searchParams.get('property');
  const propertyOptions = useReportPropertyOptions(profile.data, customers.data);
  const chosenProperty = propertyOptions.some((p) => p.id === propertyParam) ? propertyParam : null;
  // Property -> customer, for an account of several customers: the panels' Customer column (issue 39).
  const customerOf = useMemo(() => new Map(propertyOptions.flatMap((p) => (p.group ? [[p.id, p.group] as const] : []))), [propertyOptions]);
  // Beyond the spec (issue 21): the report period, in the address as ?from=&to= like the property;
  // dates that are not a period are dropped from the address and no period is applied.
  const { period, invalid: periodInvalid } = useMemo(() => periodFromSearch(searchParams), [searchParams]);
  const searchOf = (property: string | null, p: Period | null) => searchWithPeriod(new URLSearchParams(property ? { property } : {}), p);
  const search = searchOf(chosenProperty, period);
  const setSelectedId = (id: string | null) => navigate({ pathname: id ? paths.report(id) : paths.home, search });
  const setProperty = (id: string | null) => navigate({ search: searchOf(id, period) });
  const setPeriod = (p: Period | null) => navigate({ search: searchOf(chosenProperty, p) });
  useEffect(() => {
    // A report this user does not have (an old bookmark, another user's link): the default, at /home.
    if (reportId && reportsLoaded && !reports.some((r) => r.id === reportId)) void navigate({ pathname: paths.home, search }, { replace: true });
  }, [reportId, reports, reportsLoaded, navigate, search]);
  useEffect(() => {
    if (propertyParam && profile.isSuccess && !chosenProperty) void navigate({ search: searchWithPeriod(new URLSearchParams(), period) }, { replace: true });
  }, [propertyParam, profile.isSuccess, chosenProperty, navigate, period]);
  useEffect(() => {
    if (periodInvalid) void navigate({ search: searchWithPeriod(searchParams, null) }, { replace: true });
  }, [periodInvalid, searchParams, navigate]);
  const showsTelemetry = selected?.name === ANALYTICS_REPORT_NAME && !!telemetry.data;
  // Beyond the spec (issue 30): the viewed customer's coming visits above the Dashboard and
  // Maintenance, outside the report frame (whoever draws it). Not in an administrator's own view,
  // which has no properties of its own, nor for an account with none assigned.
  const showsComingUp =
    !!selected && COMING_UP_REPORT_NAMES.includes(selected.name) && !(isAdmin && !viewedEmail) && !!profile.data && profile.data.BUILDOPS_PROPERTY_IDS.length > 0;
  // Beyond the spec (issue 30): the viewed customer's quotes to decide, above the Quotes report
  // (read-only for an administrator viewing as the customer; not in an administrator's own view).
  const showsQuotes =
    selected?.name === QUOTES_REPORT_NAME && !(isAdmin && !viewedEmail) && !!profile.data && profile.data.BUILDOPS_PROPERTY_IDS.length > 0;
  const [openDialog, setOpenDialog] = useState<DialogName | null>(null);
  // A customer with telemetry (usercustomerbyemail says so): the dashboard's code (charts) and its
  // equipment rows once the report is drawn, beside the mapping's own call; its devices when the
  // pointer or the focus comes to Analytics (features/telemetry/prefetch.ts). So Analytics opens on
  // the samples' call alone, with no code to wait for (issue 42).
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!telemetryMapped || !panelsReady || !firstCustomer) return;
    quietly(TelemetryDashboard.preload());
    prefetchAnalytics(queryClient, firstCustomer, 'rows');
  }, [telemetryMapped, panelsReady, firstCustomer, queryClient]);
  const onReportIntent = (report: Report) => {
    if (report.name === ANALYTICS_REPORT_NAME && telemetryMapped && firstCustomer) prefetchAnalytics(queryClient, firstCustomer, 'devices');
  };
  useEffect(() => {
    if (!panelsReady) return;
    quietly(DocumentsDialog.preload());
    let idle: number | undefined;
    const timer = window.setTimeout(() => {
      const run = () => prefetchDialogs(isAdmin);
      if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(run, { timeout: 5000 });
      else run();
    }, PREFETCH_AFTER_MS);
    return () => {
      window.clearTimeout(timer);
      if (idle !== undefined) window.cancelIdleCallback(idle);
    };
  }, [isAdmin, panelsReady]);
  const [mounted, setMounted] = useState<ReadonlySet<DialogName>>(new Set());
  const [usersVersion, setUsersVersion] = useState(0);
  // Users or assignments changed: reload the user list and the viewed user's customers and properties.
  const handleUsersChanged = () => {
    setUsersVersion((v) => v + 1);
    void queryClient.invalidateQueries({ queryKey: ['shell'] });
  };

  const excludedDomains = useMemo(
    () => [...config.staffDomains, ...config.excludedCustomerDomains],
    [config],
  );
  const customerText = customers.isLoading
    ? ''
    : headerCustomerText(
        { adminOwnView: isAdmin && !viewedEmail, customerNames: customers.data?.CUSTOMER_NAME ?? [] },
        shellStrings,
      );

  const customerNameMap = useMemo(
    () => new Map((customers.data?.BUILDOPS_CUSTOMER_ID ?? []).map((id, i) => [id, customers.data?.CUSTOMER_NAME[i] ?? id])),
    [customers.data],
  );
  // A customer account with no customer or no property yet (its own view): one screen that says what
  // happens next and whom to ask, with nothing around it that leads nowhere (issue 39).
  const unassigned = !isAdmin && !viewedEmail && !!profile.data && (profile.data.BUILDOPS_CUSTOMER_ID.length === 0 || profile.data.BUILDOPS_PROPERTY_IDS.length === 0);

  const handleOpen = (name: DialogName) => {
    setMounted((m) => new Set(m).add(name));
    setOpenDialog(name);
  };

  // A mail's link (lambdas/shared/platform/links.ts): ?open=documents or ?open=requests opens that dialog
  // once the screen is there, then leaves the address (a reload does not open it again).
  const openParam = searchParams.get('open');
  useEffect(() => {
    if (openParam !== 'documents' && openParam !== 'requests') return;
    handleOpen(openParam);
    const next = new URLSearchParams(searchParams);
    next.delete('open');
    const rest = next.toString();
    void navigate({ search: rest ? `?${rest}` : '' }, { replace: true });
    // Once per link (the dialog's own state takes over): only the parameter's arrival runs this.
  }, [openParam]);
  const handleClose = () => setOpenDialog(null);
  // A report row's record (issue 43): a work order or an invoice on its own screen; a quote in the
  // quotes panel above the report (?quote=<id>: marked, in view, its Review at hand), Back leaving it.
  const openRecord = (r: OpenedRecord) => {
    if (r.kind !== 'quote') return void navigate(r.kind === 'invoice' ? invoicePath(r.id) : workOrderPath(r.id), { state: openedFrom(location) });
    const next = new URLSearchParams(searchParams);
    next.set('quote', r.id);
    void navigate({ search: `?${next}` });
  };
  // The Dashboard (the default report) at /home itself.
  const handleHome = () => setSelectedId(null);

  return (
    // The page scrolls; the sidebar and the header stay in view (sticky).
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      {!unassigned && <ReportSidebar<Report>
        productName={config.productName}
        reports={reports}
        loading={reportsQuery.isPending}
        selectedId={selected?.id ?? null}
        onSelect={(r) => setSelectedId(r.id)}
        onIntent={onReportIntent}
        onLogo={handleHome}
        onOpenDocuments={() => handleOpen('documents')}
        alertCount={alerts.data ?? 0}
        analyticsSeen={analyticsSeen}
        // An administrator's own view: every customer's service requests and recent quote decisions (the header holds their user controls).
        tools={
          isAdmin && !viewedEmail
            ? [
                { label: requestsText.allRequests, icon: <BuildIcon fontSize="small" />, onClick: () => handleOpen('requests') },
                { label: quotesText.decisionsTool, icon: <DecisionsIcon fontSize="small" />, onClick: () => handleOpen('quoteDecisions') },
              ]
            : undefined
        }
      />}
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <AppHeader
          reportName={unassigned ? '' : (selected?.name ?? '')}
          customerText={customerText}
          username={session.claims.name}
          email={session.claims.email}
          onChangePassword={() => handleOpen('changePassword')}
          contactUrl={config.contactUrl}
          isAdmin={isAdmin}
          viewAsControl={
            isAdmin && <SelectUserView key={usersVersion} excludedDomains={excludedDomains} value={viewedEmail} onChange={viewAs.chooseUser} />
          }
          actions={
            // Beyond the spec (issue 20): customers file requests and list theirs. An administrator's
            // own view lists every customer's from the sidebar; viewing as a customer, theirs are in
            // the banner below (the header already holds the administrator's controls).
            !isAdmin && !unassigned && (
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
                <Button variant="contained" onClick={() => handleOpen('requestService')}>
                  {requestsText.requestService}
                </Button>
                <Button variant="outlined" onClick={() => handleOpen('requests')}>
                  {requestsText.myRequests}
                </Button>
              </Box>
            )
          }
          onHome={handleHome}
          onLogOut={() => onSignOut('loggedOut')}
          onAddUser={() => handleOpen('createUser')}
          onEditUser={() => handleOpen('editUser')}
          onUsers={() => handleOpen('userList')}
          // Mail settings are a customer account's own: staff (also while viewing as a customer) have none.
          onNotifications={isAdmin || unassigned ? undefined : () => handleOpen('notifications')}
          // A calendar feed is a customer account's own: an administrator has none, and cannot make one for the customer viewed (docs/features/visits.md "Upcoming visits").
          onCalendarFeed={isAdmin || unassigned ? undefined : () => handleOpen('calendarFeed')}
        />
        {viewedEmail && (
          <ViewingAsBanner
            email={viewedEmail}
            customerText={customerText}
            onBack={() => viewAs.chooseUser(null)}
            actions={
              <>
                <Button variant="contained" size="small" onClick={() => handleOpen('requestService')}>
                  {requestsText.requestService}
                </Button>
                <Button variant="outlined" size="small" color="inherit" onClick={() => handleOpen('requests')}>
                  {requestsText.myRequests}
                </Button>
              </>
            }
          />
        )}
        <Box component="main" sx={{ flex: 1, p: 2, minWidth: 0 }}>
          {unassigned && (
            <NoAssignments
              viewedEmail={null}
              hasCustomers={profile.data!.BUILDOPS_CUSTOMER_ID.length > 0}
              hasProperties={profile.data!.BUILDOPS_PROPERTY_IDS.length > 0}
              serverMessage=""
              onCheckAgain={() => void queryClient.invalidateQueries({ queryKey: ['shell'] })}
              checking={profile.isFetching}
            />
          )}
          {!unassigned && selected && !showsTelemetry && (
            <Box sx={{ display: 'flex', alignItems: 'flex-start', flexWrap: 'wrap', gap: 2, mb: 2 }}>
              {propertyOptions.length > 1 && <PropertyFilter properties={propertyOptions} value={chosenProperty} onChange={setProperty} />}
              <PeriodFilter key={period ? `${period.from}:${period.to}` : ''} value={period} onChange={setPeriod} />
              {chosenProperty && (
                <Box component="p" role="status" sx={{ m: 0, alignSelf: 'center', color: 'text.secondary', fontSize: 14 }}>
                  {propertyFilterStrings.narrowed(propertyOptions.find((p) => p.id === chosenProperty)!.name.replace(/\b\w/g, (c) => c.toUpperCase()))}
                </Box>
              )}
            </Box>
          )}
          {!unassigned && showsComingUp && (
            <ComingUp
              key={`${email}:${chosenProperty ?? '*'}`}
              email={email}
              propertyId={chosenProperty}
              propertyName={propertyOptions.find((p) => p.id === chosenProperty)?.name ?? null}
              customerOf={customerOf}
            />
          )}
          {!unassigned && showsQuotes && (
            <QuotesPanel
              key={`${email}:${chosenProperty ?? '*'}`}
              email={email}
              name={viewedEmail ? undefined : session.claims.name}
              propertyId={chosenProperty}
              propertyName={propertyOptions.find((p) => p.id === chosenProperty)?.name ?? null}
              customerOf={customerOf}
            />
          )}
          <ReportArea
            report={unassigned ? null : selected}
            onPeriodChange={setPeriod}
            email={email}
            userId={viewedEmail ? null : session.claims.userId}
            // Only Analytics waits for the telemetry mapping (it chooses the dashboard or the frames),
            // and so for the customers' answer that says whether there is one to ask for.
            loading={profile.isLoading || (selected?.name === ANALYTICS_REPORT_NAME && (customers.isLoading || telemetry.isLoading))}
            nothingFound={!!viewedEmail && profile.data === null}
            properties={chosenProperty ? [chosenProperty] : (profile.data?.BUILDOPS_PROPERTY_IDS ?? [])}
            period={period}
            nothingAssigned={!(isAdmin && !viewedEmail) && !!profile.data && profile.data.BUILDOPS_PROPERTY_IDS.length === 0}
            customers={customerIds}
            telemetryCustomerId={telemetry.data ? (customerIds[0] ?? null) : null}
            telemetryCustomerName={telemetry.data?.name ?? null}
            propertyOptions={propertyOptions}
            isAdmin={isAdmin}
            onFirstDrawn={() => setFrameDrawn(true)}
            onOpenRecord={openRecord}
            // A quote opens in the quotes panel above: offered only where that panel is (not in an administrator's own view).
            opens={showsQuotes ? ['work-order', 'invoice', 'quote'] : ['work-order', 'invoice']}
          />
        </Box>
        <SiteFooter productName={config.productName} />
      </Box>
      <IdleSignOut onSignOut={() => onSignOut()} onIdle={() => onSignOut('idle')} />
      <Suspense fallback={null}>
        {mounted.has('documents') && (
          <DocumentsDialog open={openDialog === 'documents'} onClose={handleClose} isAdmin={isAdmin} viewedEmail={viewedEmail} inView={chosenProperty} />
        )}
        {mounted.has('requestService') && (
          <RequestServiceDialog key={viewedEmail ?? ''} open={openDialog === 'requestService'} onClose={handleClose} isAdmin={isAdmin} viewedEmail={viewedEmail} inView={chosenProperty} customerNames={customerNameMap} />
        )}
        {mounted.has('requests') && <RequestsDialog key={viewedEmail ?? ''} open={openDialog === 'requests'} onClose={handleClose} isAdmin={isAdmin} viewedEmail={viewedEmail} />}
        {isAdmin && mounted.has('createUser') && (
          <CreateUserDialog open={openDialog === 'createUser'} onClose={handleClose} onUsersChanged={handleUsersChanged} />
        )}
        {isAdmin && mounted.has('editUser') && (
          <EditUserDialog open={openDialog === 'editUser'} onClose={handleClose} onUsersChanged={handleUsersChanged} />
        )}
        {isAdmin && mounted.has('userList') && (
          <UserListDialog
            open={openDialog === 'userList'}
            onClose={handleClose}
            onUsersChanged={handleUsersChanged}
            onAddUser={() => handleOpen('createUser')}
            // "View as" from the list: the dialog closes on the portal as that user sees it.
            onViewAs={(email) => {
              viewAs.chooseUser(email);
              handleClose();
            }}
          />
        )}
        {isAdmin && mounted.has('quoteDecisions') && <DecisionsDialog open={openDialog === 'quoteDecisions'} onClose={handleClose} />}
        {!isAdmin && mounted.has('notifications') && <NotificationsDialog open={openDialog === 'notifications'} onClose={handleClose} />}
        {!isAdmin && mounted.has('calendarFeed') && <CalendarFeedDialog open={openDialog === 'calendarFeed'} onClose={handleClose} />}
        {mounted.has('changePassword') && (
          <ChangePasswordDialog open={openDialog === 'changePassword'} staff={isAdmin} onClose={handleClose} onChanged={() => onSignOut('passwordChanged')} />
        )}
      </Suspense>
    </Box>
  );
}

interface ReportAreaProps {
  report: Report | null;
  /** The Period control's choice, from Analytics' own control. */
  onPeriodChange: (period: Period | null) => void;
  email: string;
  userId: string | null;
  loading: boolean;
  nothingFound: boolean;
  properties: string[];
  nothingAssigned: boolean;
  customers: string[];
  period: Period | null;
  telemetryCustomerId: string | null;
  telemetryCustomerName: string | null;
  /** The viewed user's properties (the alert thresholds' choice on the telemetry dashboard). */
  propertyOptions: PropertyOption[];
  isAdmin: boolean;
  onFirstDrawn: () => void;
  onOpenRecord: (record: OpenedRecord) => void;
  opens: readonly RecordKind[];
}

/** The chosen report: the telemetry dashboard for a mapped customer's Analytics, else its frames. */
function ReportArea(props: ReportAreaProps) {
  if (!props.report || props.loading || props.nothingFound) return null;
  if (props.report.name === ANALYTICS_REPORT_NAME && props.telemetryCustomerId) {
    return (
      <Suspense fallback={null}>
        <TelemetryDashboard
          customerId={props.telemetryCustomerId}
          customerName={props.telemetryCustomerName}
          properties={props.propertyOptions}
          canEditThresholds={props.isAdmin}
          narrowHistory={props.isAdmin}
          period={props.period}
          onPeriodChange={props.onPeriodChange}
        />
      </Suspense>
    );
  }
  return (
    <ReportFrames
      key={`${props.report.id}:${props.email}:${props.properties.length === 1 ? props.properties[0] : '*'}:${props.period ? `${props.period.from}:${props.period.to}` : ''}`}
      report={props.report}
      viewedEmail={props.email}
      viewedUserId={props.userId}
      properties={props.properties}
      customers={props.customers}
      period={props.period}
      nothingAssigned={props.nothingAssigned}
      onFirstDrawn={props.onFirstDrawn}
      onOpenRecord={props.onOpenRecord}
      opens={props.opens}
    />
  );
}
