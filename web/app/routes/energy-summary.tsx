import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { EnergySummaryScreen } from '../../features/telemetry/components/energy-summary-screen';
import { insightText } from '../../features/telemetry/insight-strings';
import { SignedInPage } from './signed-in-page';

/**
 * /energy-summary/<customerId> (issue 44): a customer's energy and runtime per property and its
 * units ranked by drift, opened from Analytics. The API decides what the caller may see (403 for
 * another customer); an administrator sees it as the customer they view as.
 */
export default function EnergySummaryRoute() {
  const { customerId = '' } = useParams();
  useEffect(() => {
    document.title = insightText.summaryTitle;
  }, []);
  return <SignedInPage>{() => <EnergySummaryScreen key={customerId} customerId={customerId} />}</SignedInPage>;
}
