import { z } from 'zod';
import { route } from './route.js';
import { envelope } from './envelope.js';
import { idParams } from './common.js';

export interface Category {
  id: number;
  name: string;
  subcategories: Category[];
}
export const categorySchema: z.ZodType<Category> = z.lazy(() =>
  z.object({ id: z.number().int(), name: z.string(), subcategories: z.array(categorySchema) }),
);

export const categoryRoutes = {
  categories: route({
    method: 'GET',
    path: '/api/v1/category',
    summary: 'Top-level shop categories with their nested subcategories',
    tag: 'category',
    auth: 'none',
    owner: 'foundation',
    response: envelope(z.array(categorySchema)),
  }),
  category: route({
    method: 'GET',
    path: '/api/v1/category/:id',
    summary: 'One category with its subcategories',
    tag: 'category',
    auth: 'none',
    owner: 'foundation',
    params: idParams,
    response: envelope(categorySchema),
  }),
};
