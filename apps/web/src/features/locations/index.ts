export { LocationPanel, locationQueryKey } from './LocationPanel';
export { defaultTab, availableTabs, parseTab, type PanelTab } from './tabs';
