import { useParams } from 'react-router-dom';
import { InvoiceScreen } from '../../features/work-orders';
import { SignedInPage } from './signed-in-page';

/**
 * /invoices/<id> (issue 43, item 4): one invoice of the viewed user's properties. An administrator
 * sees it as the customer they view as (the home screen's "view as", kept for the tab).
 */
export default function InvoiceRoute() {
  const { invoiceId = '' } = useParams();
  return <SignedInPage>{(email) => <InvoiceScreen key={`${invoiceId}:${email ?? ''}`} invoiceId={invoiceId} email={email} />}</SignedInPage>;
}
