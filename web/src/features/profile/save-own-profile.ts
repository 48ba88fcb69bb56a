import { useSession } from '../../app/session';
import { apiErrorInfo } from '../../lib/api';

/**
 * Saves the signed-in user's own profile; resolves to the fields the server rejected (field → issue
 * token), empty when it saved or failed as a whole.
 */
export function useSaveOwnProfile<Body>(
  update: (arg: { id: string; body: Body }) => PromiseLike<{ error?: unknown }>,
) {
  const { userId } = useSession();
  return async (body: Body): Promise<Record<string, string>> => {
    if (!userId) return {};
    const result = await update({ id: userId, body });
    return 'error' in result && result.error ? apiErrorInfo(result.error).fields : {};
  };
}
