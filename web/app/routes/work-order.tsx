import { useParams } from 'react-router-dom';
import { WorkOrderScreen } from '../../features/work-orders';
import { SignedInPage } from './signed-in-page';

/**
 * /work-orders/<id> (issue 43): one work order of the viewed user's properties. An administrator
 * sees it as the customer they view as (the home screen's "view as", kept for the tab).
 */
export default function WorkOrderRoute() {
  const { workOrderId = '' } = useParams();
  return <SignedInPage>{(email) => <WorkOrderScreen key={`${workOrderId}:${email ?? ''}`} workOrderId={workOrderId} email={email} />}</SignedInPage>;
}
