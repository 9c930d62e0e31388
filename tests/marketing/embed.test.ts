/** The podcast player's embed address: only a safe script is accepted. */
import { describe, expect, it } from 'vitest';
import { parseEmbedScript } from '../../src/features/marketing/podcast/embed';

describe('parseEmbedScript', () => {
  it('gives the URL and origin of an https script', () => {
    expect(parseEmbedScript('https://player.example.com/embed/show.js?container=x')).toEqual({
      src: 'https://player.example.com/embed/show.js?container=x',
      origin: 'https://player.example.com',
    });
    expect(parseEmbedScript('  https://Player.Example.com:8443/a.js ')).toEqual({
      src: 'https://player.example.com:8443/a.js',
      origin: 'https://player.example.com:8443',
    });
  });

  it('is null when there is no value', () => {
    expect(parseEmbedScript(undefined)).toBeNull();
    expect(parseEmbedScript(null)).toBeNull();
    expect(parseEmbedScript('   ')).toBeNull();
  });

  it('refuses values that are not URLs, other schemes and credentials', () => {
    expect(parseEmbedScript('player.example.com/embed.js')).toBeNull();
    expect(parseEmbedScript('javascript:alert(1)')).toBeNull();
    expect(parseEmbedScript('data:text/javascript,alert(1)')).toBeNull();
    expect(parseEmbedScript('http://player.example.com/embed.js')).toBeNull();
    expect(parseEmbedScript('https://user:secret@player.example.com/embed.js')).toBeNull();
  });

  it('allows plain http only on the loopback address', () => {
    expect(parseEmbedScript('http://127.0.0.1:4421/player.js')?.origin).toBe('http://127.0.0.1:4421');
    expect(parseEmbedScript('http://localhost:4421/player.js')?.origin).toBe('http://localhost:4421');
  });
});
