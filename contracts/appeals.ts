import './zod-config';
import * as z from 'zod';

export const appealSchema = z.object({
  message: z.string().trim().min(20, 'Tell us in at least 20 characters why the suspension should be lifted').max(2000, 'Keep it under 2000 characters'),
});
