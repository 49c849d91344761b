//! A video's bytes read by `ms_toollib`, as the board, mouse events and player Pastimes takes.

use super::{Format, MouseAt, Video, VideoError};
use ms_toollib::videos::NewSomeVideo2;
use ms_toollib::{AvfVideo, BaseVideo, ErrReadVideoReason, Event, EvfVideo, MvfVideo, RmvVideo};

impl VideoError {
    fn of_reason(reason: ErrReadVideoReason) -> VideoError {
        match reason {
            ErrReadVideoReason::FileIsTooShort | ErrReadVideoReason::FileIsEmpty => VideoError::Truncated,
            ErrReadVideoReason::InvalidBoardSize
            | ErrReadVideoReason::InvalidLevel
            | ErrReadVideoReason::InvalidMinePosition => VideoError::BadBoard(format!("{reason:?}")),
            other => VideoError::NotAVideo(format!("{other:?}")),
        }
    }
}

/// The library's reading of a video, unguarded: it may panic on a damaged file.
pub fn parse(bytes: &[u8], format: Format) -> Result<Video, VideoError> {
    if bytes.is_empty() {
        return Err(VideoError::Truncated);
    }
    let raw = bytes.to_vec();
    let data = match format {
        Format::Evf => {
            let mut video = EvfVideo::new(raw, "video.evf");
            video.parse().map_err(VideoError::of_reason)?;
            video.data
        }
        Format::Avf => {
            let mut video = AvfVideo::new(raw, "video.avf");
            video.parse().map_err(VideoError::of_reason)?;
            video.data
        }
        Format::Rmv => {
            let mut video = RmvVideo::new(raw, "video.rmv");
            video.parse().map_err(VideoError::of_reason)?;
            video.data
        }
        Format::Mvf => {
            let mut video = MvfVideo::new(raw, "video.mvf");
            video.parse().map_err(VideoError::of_reason)?;
            video.data
        }
    };
    of_data(format, &data)
}

fn of_data(format: Format, data: &BaseVideo<Vec<Vec<i32>>>) -> Result<Video, VideoError> {
    let (width, height) = (data.width, data.height);
    let rows_fit = data.board.len() == height && data.board.iter().all(|row| row.len() == width);
    if width == 0 || height == 0 || !rows_fit {
        return Err(VideoError::BadBoard(format!("{width}x{height}")));
    }
    let mines: Vec<bool> = data.board.iter().flatten().map(|&cell| cell == -1).collect();
    let pixel = usize::from(data.cell_pixel_size.max(1));
    let events = data
        .video_action_state_recorder
        .iter()
        .filter_map(|recorded| match &recorded.event {
            Some(Event::Mouse(mouse)) => Some(MouseAt {
                ms: (recorded.time * 1000.0).round() as i64,
                mouse: mouse.mouse.clone(),
                x: usize::from(mouse.x) / pixel,
                y: usize::from(mouse.y) / pixel,
            }),
            _ => None,
        })
        .collect();
    Ok(Video {
        format,
        width,
        height,
        mines,
        events,
        player: data.player_identifier.trim().to_string(),
        bbbv: data.static_params.bbbv,
        time_ms: data.game_dynamic_params.rtime_ms.into(),
        start_time_us: data.start_time,
    })
}
