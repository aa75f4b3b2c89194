// A work order a customer can open (issue 43): the screen at /work-orders/<id>, and how other screens open it.
export { WorkOrderScreen } from './components/work-order-screen';
export { backTarget, openedFrom, workOrderPath } from './paths';
export { workOrderText } from './strings';
