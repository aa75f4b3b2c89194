import { useEffect, useMemo } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { EnergySummaryScreen } from '../../features/telemetry/components/energy-summary-screen';
import { summaryPeriod } from '../../features/telemetry/energy-summary';
import { insightText } from '../../features/telemetry/insight-strings';
import { searchWithPeriod, type Period } from '../../features/reports';
import { SignedInPage } from './signed-in-page';

/**
 * /energy-summary/<customerId> (issue 44): a customer's energy and runtime per property and its
 * units ranked by drift, opened from Analytics. The API decides what the caller may see (403 for
 * another customer); an administrator sees it as the customer they view as. Its period is in the
 * address as the reports' (?from=&to=; none: the last 7 days): reload, Back and Forward keep to it,
 * and dates that are not a period the route reads are dropped from the address.
 */
export default function EnergySummaryRoute() {
  const { customerId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const { period, invalid } = useMemo(() => summaryPeriod(searchParams, new Date()), [searchParams]);
  useEffect(() => {
    document.title = insightText.summaryTitle;
  }, []);
  useEffect(() => {
    if (invalid) void navigate({ search: searchWithPeriod(searchParams, null) }, { replace: true });
  }, [invalid, searchParams, navigate]);
  const setPeriod = (p: Period | null) => navigate({ search: searchWithPeriod(searchParams, p) });
  return <SignedInPage>{() => <EnergySummaryScreen key={customerId} customerId={customerId} period={period} onPeriodChange={setPeriod} />}</SignedInPage>;
}
