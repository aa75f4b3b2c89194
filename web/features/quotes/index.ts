// Quote decisions (issue 30): "Quotes awaiting approval" above the Quotes report, with Review.
export { QuotesPanel } from './components/quotes-panel';
export type { QuotesPanelProps } from './components/quotes-panel';
export { DecisionsIcon } from './components/decisions-icon';
export { quotesText } from './strings';
