import { useEffect, useRef, useState } from 'react';
import { MAX_IMAGE_BYTES } from '@/shared/constants';
import { isImageStorageFull } from '@/shared/images';
import { toast } from '@/client/lib/use-toast';
import { isApiError } from '@/client/lib/api-client';
import { uploadImage } from '@/client/lib/upload-image';

/** Which of the profile's two images. */
export type ProfileImageKind = 'profile' | 'cover';

/** docs/product.md#user-facing-messages: image size messages. */
export const IMAGE_TOO_LARGE: Record<ProfileImageKind, string> = {
  profile: 'Profile image must be under 5MB',
  cover: 'Cover image must be under 5MB',
};

const tooLarge = (kind: ProfileImageKind) => toast({ variant: 'destructive', title: IMAGE_TOO_LARGE[kind] });
/** docs/product.md#user-facing-messages: the listing images' type message, the same rule for profile images (docs/product.md#validation: image type only). */
const badType = () => toast({ variant: 'destructive', title: 'Invalid file type', description: 'Please upload only image files' });

/**
 * One profile image upload at a time (docs/product.md#validation and #user-facing-messages: one file, image
 * type only, at most 5 MB), through the listing photos' upload and image
 * pipeline (POST /api/uploads). The file is checked here first, then by the
 * server, which decodes it; `onUploaded` gets the stored image's URL.
 * @returns `upload(file)`, the fraction sent while uploading (null otherwise) and a local preview of the file
 */
export function useImageUpload(kind: ProfileImageKind, onUploaded: (url: string) => void) {
  const [progress, setProgress] = useState<number | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);

  // Closing the dialog mid-upload abandons the upload.
  useEffect(() => () => controller.current?.abort(), []);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const upload = (file: File) => {
    if (!file.type.startsWith('image/')) return badType();
    if (file.size > MAX_IMAGE_BYTES) return tooLarge(kind);
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setPreview(URL.createObjectURL(file));
    setProgress(0);
    uploadImage(file, setProgress, current.signal, 'profile')
      .then((stored) => onUploaded(stored.url))
      .catch((error: unknown) => {
        if (current.signal.aborted) return;
        if (isApiError(error, 413) && isImageStorageFull(error.serverMessage))
          toast({ variant: 'destructive', title: 'Image storage full', description: error.serverMessage });
        else if (isApiError(error, 413)) tooLarge(kind);
        else if (isApiError(error, 415)) badType();
        else
          toast({ variant: 'destructive', title: 'Upload failed', description: `${file.name} could not be uploaded. Please try again.` });
      })
      .finally(() => {
        if (controller.current !== current) return;
        controller.current = null;
        setProgress(null);
        setPreview(null);
      });
  };

  return { upload, progress, preview };
}
