import { useEffect, useId, useRef, useState } from 'react';
import type { NamedPerson } from '@/shared/names';
import { Label } from '@/client/components/ui/label';
import { safeCoverColor } from '../lib/display';
import { useImageUpload } from '../lib/use-image-upload';
import { ImageUploadButton } from './image-upload-button';
import { ProfileAvatar } from './profile-avatar';
import { ProfileCover } from './profile-cover';

interface AppearanceFieldsProps {
  person: NamedPerson;
  coverColor: string;
  onCoverColorChange: (color: string) => void;
  coverImage: string | null;
  onCoverImageChange: (url: string | null) => void;
  profileImage: string | null;
  onProfileImageChange: (url: string | null) => void;
  /** Told whether an upload is running (saving waits for it). */
  onBusyChange: (busy: boolean) => void;
}

/**
 * Appearance (docs/product.md#profile): the cover as a solid colour or
 * an uploaded image, with a live preview and remove; the profile picture
 * with upload and remove.
 */
export function AppearanceFields(props: AppearanceFieldsProps) {
  const { person, coverColor, onCoverColorChange, coverImage, onCoverImageChange, profileImage, onProfileImageChange, onBusyChange } =
    props;
  const id = useId();
  const [coverMode, setCoverMode] = useState<'color' | 'image'>(coverImage ? 'image' : 'color');
  // The last cover image, so switching to a colour and back does not lose it before saving.
  const lastCoverImage = useRef(coverImage);
  const cover = useImageUpload('cover', (url) => {
    lastCoverImage.current = url;
    onCoverImageChange(url);
  });
  const picture = useImageUpload('profile', onProfileImageChange);
  const busy = cover.progress !== null || picture.progress !== null;
  useEffect(() => onBusyChange(busy), [busy, onBusyChange]);

  const chooseMode = (mode: 'color' | 'image') => {
    setCoverMode(mode);
    onCoverImageChange(mode === 'image' ? lastCoverImage.current : null);
  };

  return (
    <div className="grid gap-4">
      <div className="relative overflow-hidden rounded-lg border border-slate-200" aria-hidden="true">
        <ProfileCover image={cover.preview ?? (coverMode === 'image' ? coverImage : null)} color={coverColor} className="h-24 sm:h-28" />
        <div className="px-4 pb-3">
          <ProfileAvatar person={person} image={picture.preview ?? profileImage} className="-mt-8 size-16 text-lg" />
        </div>
      </div>

      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-medium text-slate-800">Cover</legend>
        <div className="flex flex-wrap gap-4">
          {(['color', 'image'] as const).map((mode) => (
            <label key={mode} className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="radio"
                name={`${id}-cover-mode`}
                value={mode}
                checked={coverMode === mode}
                onChange={() => chooseMode(mode)}
                className="size-4 accent-primary"
              />
              {mode === 'color' ? 'Solid colour' : 'Image'}
            </label>
          ))}
        </div>
        {coverMode === 'color' ? (
          <div className="flex items-center gap-3">
            <Label htmlFor={`${id}-cover-color`}>Cover colour</Label>
            <input
              id={`${id}-cover-color`}
              type="color"
              value={safeCoverColor(coverColor)}
              onChange={(event) => onCoverColorChange(event.target.value)}
              className="h-10 w-16 cursor-pointer rounded-md border border-slate-300 bg-white p-1"
            />
            <span className="font-mono text-sm text-slate-600">{safeCoverColor(coverColor)}</span>
          </div>
        ) : (
          <ImageUploadButton
            label={coverImage ? 'Replace cover image' : 'Upload cover image'}
            inputLabel="Choose a cover image"
            testId="cover-image-input"
            progress={cover.progress}
            onFile={cover.upload}
            removeLabel="Remove cover image"
            onRemove={coverImage ? () => chooseMode('color') : undefined}
          />
        )}
      </fieldset>

      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium text-slate-800">Profile picture</legend>
        <ImageUploadButton
          label={profileImage ? 'Replace picture' : 'Upload picture'}
          inputLabel="Choose a profile picture"
          testId="profile-image-input"
          progress={picture.progress}
          onFile={picture.upload}
          removeLabel="Remove picture"
          onRemove={profileImage ? () => onProfileImageChange(null) : undefined}
        />
        <p className="text-xs text-slate-600">One image file, under 5MB.</p>
      </fieldset>
    </div>
  );
}
