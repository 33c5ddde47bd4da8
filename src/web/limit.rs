//! The bound on the searches a server runs at once. Each web search has a
//! thread and a transposition table of its own: without a bound, many
//! games asking at once (or one page asking faster than its searches
//! stop) would take every core and all the memory.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use super::errors::ApiError;

/// How many searches a server runs at once unless told otherwise.
pub const DEFAULT_SEARCHES: u16 = 8;

/// How long a request waits for a running search to end before it is
/// refused: a search stopped by a new request takes a moment to return.
const PATIENCE: Duration = Duration::from_secs(2);

/// The searches a server may still start.
pub struct SearchLimit {
    permits: Arc<Semaphore>,
    most: usize,
}

/// The right to run one search, given back when dropped (when the search
/// thread returns, even if its client went away long before).
pub type SearchPermit = OwnedSemaphorePermit;

impl SearchLimit {
    /// At most `most` searches at once (at least one).
    pub fn new(most: usize) -> SearchLimit {
        let most = most.max(1);
        SearchLimit {
            permits: Arc::new(Semaphore::new(most)),
            most,
        }
    }

    /// A permit to search, waiting a little for one to be given back;
    /// 503 when none is.
    pub async fn permit(&self) -> Result<SearchPermit, ApiError> {
        let wait = Arc::clone(&self.permits).acquire_owned();
        match tokio::time::timeout(PATIENCE, wait).await {
            Ok(Ok(permit)) => Ok(permit),
            _ => Err(ApiError::Unavailable(format!(
                "the server is running its most searches at once ({}): try again shortly",
                self.most
            ))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn permits_run_out_and_come_back() {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        runtime.block_on(async {
            let limit = SearchLimit::new(1);
            let first = limit.permit().await.expect("one search");
            let refused = limit.permit().await.unwrap_err();
            assert_eq!(refused.status_code(), 503);
            assert!(refused.message().contains("(1)"), "{refused}");
            drop(first);
            assert!(limit.permit().await.is_ok());
        });
    }
}
