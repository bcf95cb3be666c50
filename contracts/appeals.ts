import './zod-config';
import * as z from 'zod';
import { validationText } from './i18n/validation';

export const appealSchema = z.object({
  message: z.string().trim().min(20, validationText('v.appeal.tooShort', { min: 20 })).max(2000, validationText('v.appeal.tooLong', { max: 2000 })),
});
