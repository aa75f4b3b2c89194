export { SelectUserView } from './components/select-user-view';
export { ViewingAsBanner } from './components/viewing-as-banner';
export { useViewAs } from './hooks/use-view-as';
export { viewAsStrings } from './strings';
