import type { ImgHTMLAttributes } from 'react';

/** Shown instead of any picture that fails to load. */
export const defaultImage = '/img/default.svg';

export interface ImgProps extends ImgHTMLAttributes<HTMLImageElement> {
  src: string;
  alt: string;
  /** Width and height are required: pictures never shift the layout. */
  width: number;
  height: number;
  fallback?: string;
}

/** An image with its size set that falls back to the default picture when it fails. */
export function Img({ alt, fallback = defaultImage, loading = 'lazy', decoding = 'async', onError, ...rest }: ImgProps) {
  return (
    <img
      alt={alt}
      loading={loading}
      decoding={decoding}
      {...rest}
      onError={(event) => {
        const img = event.currentTarget;
        if (!img.src.endsWith(fallback)) img.src = fallback;
        onError?.(event);
      }}
    />
  );
}
