import { describe, expect, it } from 'vitest';
import { videoEmbed } from '~/lib/content/video-embed';

const NOCOOKIE = 'https://www.youtube-nocookie.com/embed/Pz8fN2sKw6B';

describe('videoEmbed', () => {
  it('plays YouTube from the privacy-enhanced host, whatever form the link takes', () => {
    for (const link of [
      NOCOOKIE,
      'https://www.youtube.com/embed/Pz8fN2sKw6B',
      'https://www.youtube.com/watch?v=Pz8fN2sKw6B',
      'https://youtu.be/Pz8fN2sKw6B',
      'https://m.youtube.com/watch?v=Pz8fN2sKw6B&t=30',
      // A plain-http YouTube link is the same video: it plays over https like the others.
      'http://www.youtube.com/embed/Pz8fN2sKw6B',
    ]) {
      expect(videoEmbed({ link, thumbnail: '' }, 'Video')).toEqual({ src: NOCOOKIE });
    }
  });

  it('keeps other allow-listed players and refuses everything else', () => {
    expect(videoEmbed({ link: 'https://player.vimeo.com/video/123', thumbnail: '' }, 'V')?.src).toBe('https://player.vimeo.com/video/123');
    for (const link of [
      'https://evil.example/embed/x',
      'javascript:alert(1)',
      'https://www.youtube.com/channel/UC123',
      'http://player.vimeo.com/video/123',
      'bukan tautan',
    ]) {
      expect(videoEmbed({ link, thumbnail: '' }, 'V')).toBeUndefined();
    }
  });

  it('shows the thumbnail with a play link until the video is asked for', () => {
    const embed = videoEmbed({ link: NOCOOKIE, thumbnail: '/media/covers/wisuda.webp' }, 'Bootcamp "Pesisir" <1>');
    expect(embed?.srcdoc).toContain(`href="${NOCOOKIE}?autoplay=1"`);
    expect(embed?.srcdoc).toContain('src="/media/covers/wisuda.webp"');
    expect(embed?.srcdoc).toContain('srcset="/media/covers/wisuda-600.webp 600w, /media/covers/wisuda.webp 1200w"');
    expect(embed?.srcdoc).toContain('aria-label="Putar video: Bootcamp &quot;Pesisir&quot; &lt;1&gt;"');
  });

  it('drops a thumbnail that is not an image address', () => {
    expect(videoEmbed({ link: NOCOOKIE, thumbnail: 'javascript:alert(1)' }, 'V')).toEqual({ src: NOCOOKIE });
    const embed = videoEmbed({ link: NOCOOKIE, thumbnail: '/x.png" onerror="alert(1)' }, 'V');
    expect(embed?.srcdoc).not.toContain('" onerror="');
  });
});
