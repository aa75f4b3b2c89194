/** The statuses, priorities and conditions that several pages (or a page and its table) name. */
export const OPEN = new Set(['Open', 'In Progress', 'On Hold']);
/**
 * Work orders in any of the OPEN statuses (Open, In Progress, On Hold): named apart from the status
 * Open itself, which the status chart shows as one slice of them.
 */
export const UNFINISHED = 'Unfinished work orders';
export const PRIORITIES = ['Low', 'Medium', 'High', 'Emergency'];
export const CONDITIONS = ['Good', 'Fair', 'Poor', 'Critical'];
