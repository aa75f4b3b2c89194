import { useParams } from 'react-router-dom';
import { EquipmentScreen } from '../../features/work-orders';
import { SignedInPage } from './signed-in-page';

/**
 * /equipment/<asset id> (issue 43, item 5): one asset of the viewed user's properties and its
 * history. An administrator sees it as the customer they view as (the home screen's "view as").
 */
export default function EquipmentRoute() {
  const { assetId = '' } = useParams();
  return <SignedInPage>{(email) => <EquipmentScreen key={`${assetId}:${email ?? ''}`} assetId={assetId} email={email} />}</SignedInPage>;
}
