import { z } from 'zod';
import { IMAGE_KINDS } from './image-urls';
import { refusal } from './i18n';

/** POST /api/admin/images/:kind: what the image is for, which decides its size and shape. */
export const imageUploadParamsSchema = z.object({
  kind: z.enum(
    IMAGE_KINDS,
    refusal(/*i18n*/ 'Say what the image is for: the address ends in board_photo or sponsor_logo.'),
  ),
});

/** An uploaded image: its address for the settings, and its size at 1x (the page's width and height attributes). */
export const uploadedImageSchema = z.object({
  url: z.string(),
  kind: z.enum(IMAGE_KINDS),
  width: z.number().int(),
  height: z.number().int(),
});
export type UploadedImage = z.infer<typeof uploadedImageSchema>;
