import type { SocialImageResult, SocialImageTask } from './social-image-task.js';

/**
 * A drawer of social preview images for one thread. satori and resvg are imported on the first
 * task, never before: a build that draws no image never loads them. Never throws: a failure is
 * a result with its reason.
 */
export function createSocialImageRunner(): (task: SocialImageTask) => Promise<SocialImageResult> {
  let renderer: Promise<(task: SocialImageTask) => Promise<SocialImageResult>> | undefined;
  return async (task) => {
    try {
      renderer ??= import('./render-social-image.js').then((m) => m.createSocialImageRenderer());
      return await (await renderer)(task);
    } catch (error) {
      return { ok: false, reason: (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '' };
    }
  };
}
