export { NewsListPage, NewsPostPage } from './NewsPages';
export { Announcements } from './Announcements';
export { shouldShowAd } from './adTiming';
