import { useMutation, useQueryClient } from '@tanstack/react-query';
import ListPlus from 'lucide-react/icons/list-plus';
import { Button } from '../ui/button';
import { toast } from '../ui/toast';
import { api, isApiError } from '../../lib/api-client';

/**
 * A helper puts the profile on the candidate's family shortlist (a suggestion the candidate decides on), from the
 * profile's own screen: POST /api/family/{profileId}/suggestions.
 */
export function SuggestButton({ helpedProfileId, candidateName, suggestedProfileId }: { helpedProfileId: number; candidateName: string; suggestedProfileId: number }) {
  const queryClient = useQueryClient();
  const suggest = useMutation({
    mutationFn: () => api.post(`/api/family/${helpedProfileId}/suggestions`, { json: { suggestedProfileId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['family', helpedProfileId] }),
  });
  return (
    <Button
      variant="outline"
      disabled={suggest.isPending || suggest.isSuccess}
      onClick={() =>
        suggest.mutate(undefined, {
          onSuccess: () => toast({ title: `Suggested to ${candidateName}`, description: `On ${candidateName}'s shortlist, saying you suggested it.`, variant: 'success' }),
          onError: (error) => toast({ title: 'Not suggested', description: (isApiError(error) && error.serverMessage) || error.message, variant: 'destructive' }),
        })
      }
    >
      <ListPlus size={18} aria-hidden="true" />
      {suggest.isSuccess ? `Suggested to ${candidateName}` : `Suggest to ${candidateName}`}
    </Button>
  );
}
