import { z } from 'zod';
import { route } from './route.js';
import { envelope } from './envelope.js';
import { qId } from './common.js';

export const newsPostSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** ISO date-time of publication. */
  date: z.string(),
  description: z.string(),
  /** HTML-free text; paragraphs separated by blank lines. */
  content: z.string(),
  /** File names, fetched with the file endpoint: type=news&subdir={id}/&name=… */
  primaryImage: z.string().nullable(),
  secondaryImage: z.string().nullable(),
  publicationId: z.string(),
  onlyDisappearsWhenClicked: z.boolean(),
});
export type NewsPost = z.infer<typeof newsPostSchema>;

export const newsRoutes = {
  news: route({
    method: 'GET',
    path: '/api/v1/news',
    summary: 'Published news posts, newest first',
    tag: 'news',
    auth: 'none',
    owner: 'foundation',
    response: envelope(z.array(newsPostSchema)),
  }),
  newsFiltered: route({
    method: 'POST',
    path: '/api/v1/news/filtered',
    summary: 'Published posts the client has not shown yet (body: the shownNews publication ids)',
    tag: 'news',
    auth: 'none',
    owner: 'foundation',
    bodyType: 'json',
    body: z.object({ shownNews: z.array(z.string().max(64)).max(1000).default([]) }),
    response: envelope(z.array(newsPostSchema)),
  }),
  newsPost: route({
    method: 'GET',
    path: '/api/v1/news/:id',
    summary: 'One news post',
    tag: 'news',
    auth: 'none',
    owner: 'foundation',
    params: z.object({ id: qId }),
    response: envelope(newsPostSchema),
  }),
};
