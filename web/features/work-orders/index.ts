// A work order a customer can open (issue 43): the screen at /work-orders/<id>, an invoice at /invoices/<id>, an asset's history at /equipment/<id>, and how other screens open them.
export { EquipmentScreen } from './components/equipment-screen';
export { InvoiceScreen } from './components/invoice-screen';
export { WorkOrderScreen } from './components/work-order-screen';
export { backTarget, equipmentPath, invoicePath, openedFrom, workOrderPath } from './paths';
export { equipmentText, invoiceText, workOrderText } from './strings';
